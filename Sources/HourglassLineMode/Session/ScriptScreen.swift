public import Hourglass
public import SignUp

/// A screen linemode drives: its name (`--screen NAME`, a fixture's header), the fields and
/// buttons a script may name on it, and how to make it for a session.
///
/// Built in: ``verification`` and ``registration``, the sign-up screens. An app team adds its
/// own with ``init(name:fields:buttons:make:)``: a ``LineModeScreen`` on the session's clock,
/// driven by the same script language (`type`, `clear`, `tap`, `wait`, `suspend`, `restart`,
/// `show`) and printed in the same transcript format. Two screens are equal when their names are.
public struct ScriptScreen: Hashable, Sendable, CustomStringConvertible {
    /// The screen's name, e.g. `verification`.
    public let name: String
    /// The fields a script may `type` into and `clear`.
    public let fields: [ScriptField]
    /// The buttons a script may `tap`.
    public let buttons: [ScriptButton]
    let maker: Maker

    /// How a session makes the screen.
    enum Maker: Sendable {
        case verification, registration
        case custom(@Sendable (LineModeScreenContext) -> any LineModeScreen)
    }

    /// A screen of the app's own: `make` builds it for each session (and again on `restart`).
    public init(
        name: String, fields: [ScriptField], buttons: [ScriptButton],
        make: @escaping @Sendable (LineModeScreenContext) -> any LineModeScreen
    ) {
        self.init(name: name, fields: fields, buttons: buttons, maker: .custom(make))
    }

    private init(name: String, fields: [ScriptField], buttons: [ScriptButton], maker: Maker) {
        (self.name, self.fields, self.buttons, self.maker) = (name, fields, buttons, maker)
    }

    /// The verification-code screen.
    public static let verification = ScriptScreen(
        name: "verification", fields: [.destination, .region, .code], buttons: [.send, .call, .verify],
        maker: .verification)
    /// The registration screen (an account verified by code, a password, the terms).
    public static let registration = ScriptScreen(
        name: "registration", fields: [.destination, .code, .password, .confirm],
        buttons: [.send, .call, .verify, .submit, .terms], maker: .registration)
    /// The built-in screens.
    public static let builtIn: [ScriptScreen] = [.verification, .registration]

    /// The screen named `name` among `screens`, if any.
    package static func named(_ name: String, among screens: [ScriptScreen] = builtIn) -> ScriptScreen? {
        screens.first { $0.name == name }
    }

    /// Whether the screen is one of the sign-up screens (which `server` commands and
    /// `type code sent` concern).
    var isSignUp: Bool {
        if case .custom = maker { return false }
        return true
    }

    /// The name.
    public var description: String { name }

    /// Equal when the names are.
    public static func == (lhs: ScriptScreen, rhs: ScriptScreen) -> Bool { lhs.name == rhs.name }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A screen of an app's own that linemode drives: it takes what a script types and taps, and
/// renders itself as stable text lines (one a control, `name: value`, secrets masked).
public protocol LineModeScreen: AnyObject, Sendable {
    /// The whole screen, one line a control.
    var lines: [String] { get }
    /// Replaces the text of the field named `field` (one of the screen's ``ScriptScreen/fields``).
    func type(_ text: String, into field: String)
    /// Taps the button named `button` (one of the screen's ``ScriptScreen/buttons``).
    func tap(_ button: String)
}

/// What a ``LineModeScreen`` is made with: the session's clock and language, and where its
/// changes go. A unit test makes one to drive a screen without a script, e.g. with a
/// `TranscriptRecorder` on a `VirtualClock`:
///
/// ```swift
/// let context = LineModeScreenContext(
///     clock: clock, language: .english, screenChanged: { recorder.screenChanged($0) },
///     announce: { recorder.announce($0) })
/// ```
public struct LineModeScreenContext: Sendable {
    /// The clock to run timers on; changes happen on its context.
    public let clock: any TimerClock
    /// The language the screen speaks: `--locale`'s, or a fixture's `--locale`.
    public let language: SignUpLanguage
    /// Call with the screen's lines after each change (on the clock's context).
    public let screenChanged: @Sendable ([String]) -> Void
    /// Call with what a screen reader would announce.
    public let announce: @Sendable (String) -> Void

    /// A context on `clock` in `language`, telling `screenChanged` and `announce` what the
    /// screen shows and says.
    public init(
        clock: any TimerClock, language: SignUpLanguage, screenChanged: @escaping @Sendable ([String]) -> Void,
        announce: @escaping @Sendable (String) -> Void
    ) {
        (self.clock, self.language, self.screenChanged, self.announce) = (clock, language, screenChanged, announce)
    }
}
