import Foundation
import Hourglass
import HourglassLineMode
import TestSupport
import Testing

/// Each class of bad input, through the real executable: the exact message on standard
/// error (with the line number), the exit code, and nothing run unless --keep-going.
@Suite("linemode: bad input gets a clear error and a documented exit code")
struct BadInputTests {
    static let nothingRun = "linemode: nothing was run; fix the line above, or pass --keep-going to run the rest\n"

    @Test(
        "each bad line is named with its line number and what to write instead",
        arguments: [
            (
                "show\ntapp send\n", [],
                "line 2: unknown command 'tapp'; did you mean 'tap'? (commands: type, clear, choose, tap, wait, suspend, restart, show, server, wall)"
            ),
            ("wait\n", [], "line 1: 'wait' takes 1 argument, got 0; write: wait DURATION"),
            ("restart now\n", [], "line 1: 'restart' takes no argument, got 1 ('now'); write: restart"),
            ("show \u{200B}\n", [], "line 1: 'show' takes no argument, got 1 ('\\u{200B}'); write: show"),
            ("show a b\n", [], "line 1: 'show' takes no argument, got 2 ('a' and more); write: show"),
            (
                "# a comment\nwait 5x\n", [],
                "line 2: '5x' is not a duration; write e.g. 300ms, 2s, 1.5s, 1m30s or 1h (at most 24h)"
            ),
            (
                "wait 25h\n", [],
                "line 1: '25h' is not a duration; write e.g. 300ms, 2s, 1.5s, 1m30s or 1h (at most 24h)"
            ),
            (
                "type pasword hunter2\n", [],
                "line 1: unknown field 'pasword' on the verification screen (fields: destination, region, code)"
            ),
            (
                "type pasword hunter2\n", ["--screen", "registration"],
                "line 1: unknown field 'pasword' on the registration screen; did you mean 'password'? (fields: destination, code, password, confirm)"
            ),
            (
                "tap sned\n", [],
                "line 1: unknown button 'sned' on the verification screen; did you mean 'send'? (buttons: send, call, verify)"
            ),
            ("type code\n", [], "line 1: 'type' takes a field and a text, got 1 argument; write: type FIELD TEXT"),
            (
                "server fail request slow\n", [],
                "line 1: unknown request error 'slow' (request errors: network, unavailable, invalid, no-call, rate-limited, send-limit)"
            ),
            (
                "server fail check locked\n", [],
                "line 1: 'locked' takes a duration; write e.g. server fail check locked 30s"
            ),
            ("wall 1h\n", [], "line 1: 'wall' takes a signed duration such as +1h or -30m, got '1h'"),
        ])
    func badLine(script: String, options: [String], message: String) throws {
        let run = try LinemodeProcess.run(options, script: script)
        #expect(run.status == 1)
        #expect(run.stderr == "linemode: <stdin>: \(message)\n" + Self.nothingRun)
        #expect(run.stdout == "")
    }

    @Test("an overlong line, invalid UTF-8 and a NUL byte are refused by line")
    func badBytes() throws {
        let long = try LinemodeProcess.run([], script: "show\n" + String(repeating: "x", count: 1_001) + "\n")
        #expect(long.status == 1)
        #expect(
            long.stderr == "linemode: <stdin>: line 2: is 1001 characters long, more than the 1000 allowed; split it\n"
                + Self.nothingRun)
        let utf8 = try LinemodeProcess.run(
            [], input: Data("show\nwait 1s\ntype destination ".utf8) + Data([0xC3, 0x28, 0x0A]))
        #expect(utf8.status == 1)
        #expect(
            utf8.stderr == "linemode: <stdin>: line 3: is not valid UTF-8; save the script as UTF-8 text\n"
                + Self.nothingRun)
        let nul = try LinemodeProcess.run([], input: Data("sh".utf8) + Data([0]) + Data("ow\n".utf8))
        #expect(nul.status == 1)
        #expect(
            nul.stderr == "linemode: <stdin>: line 1: contains a NUL byte; a script is plain text, one command a line\n"
                + Self.nothingRun)
    }

    @Test(
        "a control character (a terminal escape, DEL, a C1 control) is refused, so it never reaches the transcript",
        arguments: [("\u{1B}", "1B"), ("\u{7F}", "7F"), ("\u{85}", "85"), ("\u{07}", "7")])
    func controlCharacter(character: String, code: String) throws {
        let run = try LinemodeProcess.run(
            ["--keep-going"], script: "show\ntype destination 138\(character)[2J\n\twait\u{0B}1s\n")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "linemode: <stdin>: line 2: contains the control character '\\u{\(code)}'; a script is plain text\n")
        #expect(!run.stdout.contains(character))
        // A tab and a vertical tab still separate words.
        #expect(run.stdout.hasSuffix("\twait\u{0B}1s\n"))
    }

    @Test("several errors are all reported at once")
    func severalErrors() throws {
        let run = try LinemodeProcess.run([], script: "tap nothing\nshow\nwait\n")
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                linemode: <stdin>: line 1: unknown button 'nothing' on the verification screen (buttons: send, call, verify)
                linemode: <stdin>: line 3: 'wait' takes 1 argument, got 0; write: wait DURATION
                linemode: nothing was run; fix the lines above, or pass --keep-going to run the rest

                """)
    }

    @Test("--keep-going runs the valid lines, marks the bad ones in the transcript, and still exits 1")
    func keepGoing() throws {
        let run = try LinemodeProcess.run(
            ["--keep-going"], script: "type destination +8613812345678\ntype password hunter2\nwait 1s\n")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "linemode: <stdin>: line 2: unknown field 'password' on the verification screen (fields: destination, region, code)\n"
        )
        #expect(
            run.stdout == """
                [   0.000] destination: ""
                [   0.000] region: none
                [   0.000] send: [Get code] (disabled)
                [   0.000] code: "" (disabled)
                [   0.000] verify: [Verify] (disabled)
                type destination +8613812345678
                [   0.000] destination: "+86 138 1234 5678"
                [   0.000] region: 🇨🇳 China +86
                [   0.000] send: [Get code]
                # (line 2 not run: it has an error)
                ! line 2: unknown field 'password' on the verification screen (fields: destination, region, code)
                wait 1s

                """)
        #expect(!run.stdout.contains("hunter2"))
    }

    @Test("`type password sent` is masked like any password (only `type code sent` is echoed)")
    func passwordSentMasked() throws {
        let run = try LinemodeProcess.run(["--screen", "registration"], script: "type password sent\ntype code sent\n")
        #expect(run.status == 0)
        #expect(run.stdout.contains("type password ••••\n"))
        #expect(run.stdout.contains("type code sent\n"))
    }

    @Test(
        "an unreadable script file",
        arguments: [
            ("/nonexistent/script.txt", "No such file or directory; check the path and its permissions"),
            ("/tmp", "it is a directory, not a regular file; name a script file, or give the script on standard input"),
            ("/nonexistent/a\nb\u{1B}[2J", "No such file or directory; check the path and its permissions"),
        ])
    func unreadable(path: String, reason: String) throws {
        let run = try LinemodeProcess.run([path])
        #expect(run.status == 1)
        // A path is shown with what a terminal would act on written out.
        let shown = path.replacingOccurrences(of: "\n", with: "\\u{A}").replacingOccurrences(
            of: "\u{1B}", with: "\\u{1B}")
        #expect(run.stderr == "linemode: cannot read the script \(shown): \(reason)\n")
    }

    @Test("standard input that never ends is refused once past the largest script, not read for ever")
    func endlessInput() throws {
        let run = try LinemodeProcess.run([], standardInput: FileHandle(forReadingAtPath: "/dev/zero")!)
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "linemode: cannot read the script from standard input: it is more than 1048576 bytes, too large for a script\n"
        )
    }

    @Test(
        "a wrong command line exits 2 with the usage",
        arguments: [
            (
                ["--clock", "sundial"],
                "Error: --clock must be virtual, dispatch, libevent or glib, not 'sundial'"
            ),
            (["--time-scale", "0"], "Error: --time-scale must be a number from 0.0001 to 10000, not 0.0"),
            (
                ["--locale", "nl"],
                "Error: --locale 'nl' matches no language here (en, zh-Hans, zh-Hant, es, pt-BR, fr, de, it, ja, ko, "
                    + "ar, hi, ru, id, tr): a tag matches exactly, with subtags dropped, "
                    + "or the same language in another region"
            ),
            (["--frobnicate"], "Error: Unknown option '--frobnicate'"),
            (
                ["--region", "XX"],
                "Error: --region must be an ISO 3166-1 alpha-2 code with a calling code, such as US, GB, FR or CN; not 'XX'"
            ),
        ])
    func usage(arguments: [String], firstLine: String) throws {
        let run = try LinemodeProcess.run(arguments)
        #expect(run.status == 2)
        #expect(run.stderr.split(separator: "\n").first.map(String.init) == firstLine)
        #expect(run.stderr.contains("Usage: linemode"))
    }

    @Test("--help documents every command and the exit codes; --version answers")
    func help() throws {
        let help = try LinemodeProcess.run(["--help"])
        #expect(help.status == 0)
        for word in [
            "type FIELD TEXT", "server fail request", "wall +DURATION", "EXIT CODES", "2  the command line is wrong",
        ] {
            #expect(help.stdout.contains(word))
        }
        // The COMMANDS table keeps its columns on an 80-column terminal: no line of it re-wrapped.
        for line in ScriptParser.reference.split(separator: "\n") {
            #expect(line.count <= 78 && help.stdout.contains("\n" + line + "\n"), "\(line)")
        }
        let version = try LinemodeProcess.run(["--version"])
        // The version in one place: the release's semantic version, which consumer-check tags.
        #expect(version.status == 0 && version.stdout == "\(HourglassVersion.current)\n")
        #expect(HourglassVersion.current.split(separator: ".").map { Int($0) != nil } == [true, true, true])
    }

    @Test("--region reads numbers without + in that region; without it they need their country code")
    func region() throws {
        let script = "type destination 06 12 34 56 78\ntap send\nwait 1s\n"
        let french = try LinemodeProcess.run(["--region", "fr"], script: script)
        #expect(french.status == 0)
        #expect(french.stdout.contains("[   0.300] message: Code sent to +33 • •• •• 56 78\n"))
        let nowhere = try LinemodeProcess.run([], script: "type destination 06 12 34 56 78\n")
        #expect(
            nowhere.stdout.contains(
                #"[   0.000] destination: "0612345678" — Add the country code, starting with +"#))
    }

    @Test("--state-dir naming a FIFO or a file: one message, exit 2, nothing run")
    func stateDirectoryNotADirectory() throws {
        for (special, what) in [(SpecialFile.fifo, "a FIFO (named pipe)"), (.device, "a character device")] {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString)").path
            let made = special == .device ? "/dev/null" : path
            if special != .device { try special.make(at: path) }
            defer { if special != .device { try? FileManager.default.removeItem(atPath: path) } }
            let run = try LinemodeProcess.run(["--state-dir", made], script: "type destination +8613812345678\n")
            #expect(run.status == 2)
            #expect(run.stdout == "")
            #expect(run.stderr.hasPrefix("Error: --state-dir must name a directory; \(made) is \(what)\n"))
            #expect(run.stderr.components(separatedBy: "Error:").count == 2)
        }
    }
}
