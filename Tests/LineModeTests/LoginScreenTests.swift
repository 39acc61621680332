import Foundation
import Hourglass
import HourglassLineMode
import HourglassTesting
import LineModeSamples
import SignUp
import TestSupport
import Testing

/// linemode on a screen of the app's own (`LoginScreen`, written on the core alone): its
/// fixtures in `Tests/AcmeFixtures/` reproduced on every clock, its names checked by the
/// reader, its secret masked.
@Suite("linemode on a screen of the app's own: a login screen with a lock-out")
struct LoginScreenTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("AcmeFixtures")

    static var fixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".txt") }
            .sorted()
    }

    @Test("the app's Polish table translates every text")
    func polishIsComplete() {
        #expect(SignUpStrings.polish.untranslated == [])
    }

    #if os(Linux)
    static let clocks = ClockChoice.allCases
    #else
    static let clocks: [ClockChoice] = [.virtual, .dispatch]
    #endif

    @Test(
        "each fixture of the app's runner is reproduced byte for byte (on the real clocks: the English lock-out)",
        arguments: clocks)
    func fixtures(clock: ClockChoice) async throws {
        #expect(Self.fixtures == ["lock-out.pl.txt", "lock-out.txt", "verification.pl.txt"])
        // The real clocks run one: the others add languages, not timing, and each real run is
        // exposed to a stalled machine.
        for name in clock == .virtual ? Self.fixtures : ["lock-out.txt"] {
            let file = Self.directory.appendingPathComponent(name)
            let expected = try String(contentsOf: file, encoding: .utf8)
            let fixture = try Fixture(
                text: expected, screens: AppRunnerTests.screens, languages: AppRunnerTests.languages,
                directory: Self.directory)
            guard clock != .virtual else {
                // The virtual clock's transcript is the fixture (recorded with HOURGLASS_RECORD=failed).
                try assertTranscript(try fixture.transcript(clock: .virtual), matchesFile: file)
                continue
            }
            // A real clock may fall behind on a loaded machine: the run says so (ClockStalled), and
            // is run again slower (see RealClockFixtureTests); a difference without a stall fails.
            let problem = try await FixtureTests.onOwnThread {
                try RealClockFixtureTests.problem(running: fixture, on: clock, expected: expected, name: name)
            }
            if let problem { Issue.record(Comment(rawValue: problem)) }
        }
    }

    @Test("the reader knows the screen's own names, and suggests them")
    func names() {
        let script = Script("type pasword x\ntap signin\ntype user ada\ntap sign-in\n", screen: LoginScreen.screen)
        #expect(
            script.errors.map(\.description) == [
                "line 1: unknown field 'pasword' on the login screen; did you mean 'password'? (fields: user, password)",
                "line 2: unknown button 'signin' on the login screen; did you mean 'sign-in'? (buttons: sign-in)",
            ])
    }

    @Test("the password is masked when the script is echoed")
    func masked() throws {
        var options = LineModeOptions()
        options.screen = LoginScreen.screen
        let (transcript, errors) = try ScriptRunner.transcript(
            of: Script("type user ada\ntype password hunter2\n", screen: LoginScreen.screen), options: options)
        #expect(errors == [])
        #expect(
            transcript == """
                [   0.000] user: ""
                [   0.000] password: ""
                [   0.000] sign-in: [Sign in] (disabled)
                type user ada
                [   0.000] user: "ada"
                type password •••••••
                [   0.000] password: "•••••••"
                [   0.000] sign-in: [Sign in]

                """)
    }

    @Test("a unit test drives the screen through its context alone: no script, in Polish, on the virtual clock")
    func context() throws {
        let clock = VirtualClock()
        let recorder = TranscriptRecorder(clock: clock)
        let screen = LoginScreen(
            LineModeScreenContext(
                clock: clock, language: .polish, screenChanged: { recorder.screenChanged($0) },
                announce: { recorder.announce($0) }))
        screen.type("ada", into: "user")
        for _ in 1...LoginScreen.attempts {
            screen.type("guess", into: "password")
            screen.tap("sign-in")
        }
        clock.advance(by: .seconds(5))
        #expect(
            recorder.transcript == """
                [   0.000] user: "ada"
                [   0.000] password: ""
                [   0.000] sign-in: [Zaloguj się] (disabled)
                [   0.000] password: "•••••"
                [   0.000] sign-in: [Zaloguj się]
                [   0.000] password: ""
                [   0.000] sign-in: [Zaloguj się] (disabled)
                [   0.000] message: Błędne hasło (1 z 3)
                [   0.000] password: "•••••"
                [   0.000] sign-in: [Zaloguj się]
                [   0.000] password: ""
                [   0.000] sign-in: [Zaloguj się] (disabled)
                [   0.000] message: Błędne hasło (2 z 3)
                [   0.000] password: "•••••"
                [   0.000] sign-in: [Zaloguj się]
                [   0.000] password: ""
                [   0.000] sign-in: [Spróbuj ponownie za 5 s] (disabled)
                [   0.000] message: Błędne hasło (3 z 3)
                [   1.000] sign-in: [Spróbuj ponownie za 4 s] (disabled)
                [   2.000] sign-in: [Spróbuj ponownie za 3 s] (disabled)
                [   3.000] sign-in: [Spróbuj ponownie za 2 s] (disabled)
                [   4.000] sign-in: [Spróbuj ponownie za 1 s] (disabled)
                [   5.000] sign-in: [Spróbuj ponownie za 0 s] (disabled)
                [   5.000] announce: Możesz zalogować się ponownie
                [   5.000] sign-in: [Zaloguj się] (disabled)
                [   5.000] message: —

                """)
    }
}
