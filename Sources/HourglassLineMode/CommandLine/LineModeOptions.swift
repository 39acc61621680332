public import Foundation
public import PhoneNumbers
import RealClocks
public import SignUp

/// How a script runs.
public struct LineModeOptions: Sendable {
    /// The clock: virtual (instant, deterministic), or a real one with ``timeScale``.
    public var clock: ClockChoice = .virtual
    /// How many real seconds one script second takes on a real clock (0.01: a minute in 0.6 s).
    public var timeScale: Double = 1
    /// The language of the screens.
    public var language: SignUpLanguage = .english
    /// Where a phone number typed without `+` is read; nil (the default): nowhere, so that a
    /// script reads the same on every machine.
    public var region: PhoneRegion?
    /// The digits the screens write counts in; nil (the default): the language's in the region,
    /// as CLDR gives it (`NumberingSystem.default(language:region:)`).
    public var numberingSystem: NumberingSystem?
    /// The screen to drive.
    public var screen: ScriptScreen = .verification
    /// Where the cooldown is saved; nil keeps it in memory (and the wall clock follows the
    /// script's clock, so that runs are reproducible).
    public var stateDirectory: URL?
    /// Run the valid lines even when some lines have errors.
    public var keepGoing = false
    /// The secrets a script names (`type password $common`); see ``ScriptSecrets``.
    public var secrets = ScriptSecrets()
    /// A server of Hourglass's verification API (`hourglass-server --dev`) to talk to through
    /// `SignUpHTTP`, on a real clock; nil (the default): the scripted in-process server.
    public var service: URL?

    /// The defaults: virtual clock, English, the verification screen.
    public init() {}

    /// These options with the system's language and region where the command line named none:
    /// for a person at a terminal (live mode) or at a real server (`--service`), as an app reads
    /// them. A script on the scripted server never reads them, so it runs alike on every machine.
    func readingSystem(
        _ system: SystemLocale, live: Bool, given: ScriptSource.Given, languages: [SignUpLanguage]
    ) -> LineModeOptions {
        guard live || service != nil else { return self }
        var options = self
        if !given.language { options.language = SignUpLanguage.preferred(from: system.languages, among: languages) }
        if !given.region { options.region = system.region.flatMap(PhoneRegion.init) }
        return options
    }
}

/// The clocks linemode runs on.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum ClockChoice: String, CaseIterable, Sendable {
    /// `VirtualClock`: runs as fast as the CPU allows; byte-for-byte deterministic.
    case virtual
    /// `DispatchClock` (GCD), time-scaled.
    case dispatch
    /// `LibeventClock`, time-scaled.
    case libevent
    /// `GLibClock` on a GLib main context of its own, time-scaled.
    case glib
}

extension ClockChoice {
    /// The real clock this choice names; nil for ``virtual``.
    var realClockKind: RealClockKind? { RealClockKind(rawValue: rawValue) }
}
