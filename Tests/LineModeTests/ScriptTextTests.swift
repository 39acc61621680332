import Foundation
import Testing

/// How the bytes of a script become lines, through the real executable: a byte-order mark,
/// the three line-ending conventions, and characters a reader cannot see.
@Suite("linemode: a script's text — byte-order mark, line endings, invisible characters")
struct ScriptTextTests {
    static let script = "type destination +1 415 555 0100\ntap send\nwait 2s\nshow\n"

    @Test("a UTF-8 byte-order mark at the start is skipped: the same transcript as without it")
    func byteOrderMark() throws {
        let plain = try LinemodeProcess.run([], script: Self.script)
        let marked = try LinemodeProcess.run([], input: Data([0xEF, 0xBB, 0xBF]) + Data(Self.script.utf8))
        #expect(plain.status == 0)
        #expect(plain.stdout.contains("[   1.300] send: [Resend in 59s] (disabled)"))
        #expect(marked.status == 0)
        #expect(marked.stderr == "")
        #expect(marked.stdout == plain.stdout)
    }

    @Test("CRLF line endings read as LF ones")
    func crlf() throws {
        let plain = try LinemodeProcess.run([], script: Self.script)
        let crlf = try LinemodeProcess.run([], script: Self.script.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(crlf.status == 0)
        #expect(crlf.stdout == plain.stdout)
    }

    @Test("CR-only line endings are refused with a message, not run as one line")
    func carriageReturnOnly() throws {
        let run = try LinemodeProcess.run([], script: Self.script.replacingOccurrences(of: "\n", with: "\r"))
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "linemode: <stdin>: line 1: contains a carriage return (CR) that does not end a CRLF line ending; "
                + "CR-only line endings are not read: save the script with LF or CRLF line endings\n"
                + BadInputTests.nothingRun)
        #expect(run.stdout == "")
    }

    @Test(
        "a word with an invisible character is shown with it escaped, beside the suggestion",
        arguments: [
            (
                "show\n\u{FEFF}tap send\n",
                "line 2: unknown command '\\u{FEFF}tap'; did you mean 'tap'? (commands: type, clear, choose, tap, wait, suspend, restart, show, server, wall)"
            ),
            (
                "tap se\u{200B}nd\n",
                "line 1: unknown button 'se\\u{200B}nd' on the verification screen; did you mean 'send'? (buttons: send, call, verify)"
            ),
            (
                "wait 2\u{2060}s\n",
                "line 1: '2\\u{2060}s' is not a duration; write e.g. 300ms, 2s, 1.5s, 1m30s or 1h (at most 24h)"
            ),
        ])
    func invisibleCharacter(script: String, message: String) throws {
        let run = try LinemodeProcess.run([], script: script)
        #expect(run.status == 1)
        #expect(run.stderr == "linemode: <stdin>: \(message)\n" + BadInputTests.nothingRun)
    }

    @Test("words may be separated by a no-break or an ideographic space (as an input method types it)")
    func unicodeSpaces() throws {
        let plain = try LinemodeProcess.run([], script: Self.script)
        let spaced = try LinemodeProcess.run(
            [], script: "type\u{3000}destination\u{A0}+1 415 555 0100\ntap\u{3000}send\nwait 2s\nshow\n")
        #expect(spaced.status == 0)
        #expect(spaced.stderr == "")
        let commands = { (text: String) in text.split(separator: "\n").filter { !$0.hasPrefix("[") } }
        #expect(commands(spaced.stdout).count == commands(plain.stdout).count)
        #expect(
            spaced.stdout.split(separator: "\n").filter { $0.hasPrefix("[") }
                == plain.stdout.split(separator: "\n").filter { $0.hasPrefix("[") })
    }
}
