import Foundation
import LineModeSamples
import SignUp
import Testing

@testable import HourglassLineMode

/// An app's own line-mode runner (`AcmeLineMode`: `LineModeTool` over the sign-up screens, a
/// login screen and a Polish table), run as a child process: the built-in command line, over
/// the app's screens and languages.
@Suite("an app's own linemode: LineModeTool with a custom screen and a Polish table")
struct AppRunnerTests {
    static let program = LinemodeProcess.product(named: "AcmeLineMode")
    static let screens = ScriptScreen.builtIn + [LoginScreen.screen]
    static let languages = SignUpLanguage.allCases + [.polish]

    @Test("its help names the runner and lists its screens and languages")
    func help() throws {
        let run = try LinemodeProcess.run(["--help"], program: Self.program)
        #expect(run.status == 0)
        let words = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("USAGE: acme-linemode [<file>] [--clock <clock>]"))
        #expect(
            words.contains(
                "--locale <tag> The language, a BCP 47 tag matched to one of en, zh-Hans, zh-Hant, es, pt-BR, fr, de, "
                    + "it, ja, ko, ar, hi, ru, id, tr or pl: exactly, else with "
                    + "subtags dropped (en-GB finds en, zh-CN finds zh-Hans)"))
        #expect(words.contains("--screen <name> The screen: verification, registration or login."))
        #expect(words.contains("EXIT CODES 0 the script ran"))
    }

    @Test("--version prints the app's version")
    func version() throws {
        let run = try LinemodeProcess.run(["--version"], program: Self.program)
        #expect(run.status == 0)
        #expect(run.stdout == "1.4.0\n")
    }

    @Test("--screen and --locale take the runner's own, and the default is the first of each")
    func options() throws {
        let script = "type user ada\n"
        let polish = try LinemodeProcess.run(
            ["--screen", "login", "--locale", "pl"], script: script, program: Self.program)
        #expect(polish.status == 0)
        #expect(
            polish.stdout == """
                [   0.000] user: ""
                [   0.000] password: ""
                [   0.000] sign-in: [Zaloguj się] (disabled)
                type user ada
                [   0.000] user: "ada"

                """)
        // A tag of the same language with a region finds the runner's own language.
        let regional = try LinemodeProcess.run(
            ["--screen", "login", "--locale", "pl-PL"], script: script, program: Self.program)
        #expect(regional.status == 0)
        #expect(regional.stdout == polish.stdout)
        let defaults = try LinemodeProcess.run([], script: "show\n", program: Self.program)
        #expect(
            defaults.stdout.hasPrefix(
                "[   0.000] destination: \"\"\n[   0.000] region: none\n[   0.000] send: [Get code] (disabled)\n"))
    }

    @Test("a language or screen it was not given is a usage error, exit 2")
    func unknown() throws {
        let locale = try LinemodeProcess.run(["--locale", "nl"], script: "show\n", program: Self.program)
        #expect(locale.status == 2)
        #expect(
            locale.stderr.hasPrefix(
                "Error: --locale 'nl' matches no language here (en, zh-Hans, zh-Hant, es, pt-BR, fr, de, it, ja, ko, "
                    + "ar, hi, ru, id, tr, pl): a tag matches exactly, "
                    + "with subtags dropped, or the same language in another region\nUsage: acme-linemode"))
        let screen = try LinemodeProcess.run(["--screen", "signin"], script: "show\n", program: Self.program)
        #expect(screen.status == 2)
        #expect(screen.stderr.hasPrefix("Error: --screen must be verification, registration or login, not 'signin'\n"))
        let script = try LinemodeProcess.run(["--screen", "login"], script: "tap signin\n", program: Self.program)
        #expect(script.status == 1)
        #expect(
            script.stderr == """
                acme-linemode: <stdin>: line 1: unknown button 'signin' on the login screen; did you mean 'sign-in'? (buttons: sign-in)
                acme-linemode: nothing was run; fix the line above, or pass --keep-going to run the rest

                """)
    }

    @Test("each of its fixtures prints itself byte for byte", arguments: LoginScreenTests.fixtures)
    func fixture(name: String) throws {
        let file = LoginScreenTests.directory.appendingPathComponent(name)
        let run = try LinemodeProcess.run([file.path], program: Self.program)
        #expect(run.stderr == "")
        #expect(run.status == 0)
        #expect(run.stdout == (try String(contentsOf: file, encoding: .utf8)))
    }

    @Test("the built-in linemode refuses the app's fixtures by their first line: exit 1, the line said")
    func builtIn() throws {
        let file = LoginScreenTests.directory.appendingPathComponent("verification.pl.txt")
        let run = try LinemodeProcess.run([file.path])
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(
            run.stderr == "linemode: \(file.path): line 1: unknown locale 'pl'; the languages are en, zh-Hans, "
                + "zh-Hant, es, pt-BR, fr, de, it, ja, ko, ar, hi, ru, id or tr\n")
    }

    @Test("a runner with no screen, two languages of one tag, or a tag with a space, is told so")
    func problems() {
        #expect(LineModeTool().problem == nil)
        #expect(LineModeTool(screens: []).problem == "the runner has no screen; give LineModeTool at least one")
        #expect(LineModeTool(languages: []).problem == "the runner has no language; give LineModeTool at least one")
        #expect(
            LineModeTool(screens: [.verification, .registration, .verification]).problem
                == "the runner has two screens named 'verification'")
        #expect(
            LineModeTool(languages: [.english, .polish, SignUpLanguage(identifier: "pl", strings: .english)]).problem
                == "the runner has two languages tagged 'pl'")
        #expect(
            LineModeTool(languages: [SignUpLanguage(identifier: "pl PL", strings: .polish)]).problem
                == "the runner's screen or language 'pl PL' cannot be named on a command line or a fixture's first line (empty, starting with -, or with white space)"
        )
    }
}
