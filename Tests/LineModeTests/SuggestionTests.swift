import HourglassLineMode
import Testing

/// "Did you mean": the nearest command within two edits, and none for a word whose length alone
/// puts it further away, however long the word.
@Suite("linemode: suggestions for an unknown word")
struct SuggestionTests {
    static let commands = "(commands: type, clear, choose, tap, wait, suspend, restart, show, server, wall)"

    @Test(
        "the nearest command within two edits is suggested, the first of equals",
        arguments: [
            ("ta 1", "line 1: unknown command 'ta'; did you mean 'tap'? \(commands)"),
            ("tye x", "line 1: unknown command 'tye'; did you mean 'type'? \(commands)"),
            ("wal +1h", "line 1: unknown command 'wal'; did you mean 'wall'? \(commands)"),
            ("serverxx code 1", "line 1: unknown command 'serverxx'; did you mean 'server'? \(commands)"),
            ("serverxxx code 1", "line 1: unknown command 'serverxxx' \(commands)"),
            ("x", "line 1: unknown command 'x' \(commands)"),
        ])
    func nearestCommand(line: String, message: String) {
        let script = Script(line, screen: .verification)
        #expect(script.errors.map(\.description) == [message])
    }

    @Test("a word of 990 characters is named without a suggestion")
    func longWord() {
        let word = String(repeating: "w", count: 990)
        let script = Script("show\n\(word)\n", screen: .registration)
        #expect(script.errors.map(\.description) == ["line 2: unknown command '\(word)' \(Self.commands)"])
    }

    @Test("fields and buttons are suggested within two edits too")
    func fieldsAndButtons() {
        let script = Script("type confirmed x\ntap sumbit\ntap terms-of-service\n", screen: .registration)
        #expect(
            script.errors.map(\.description) == [
                "line 1: unknown field 'confirmed' on the registration screen; did you mean 'confirm'? (fields: destination, code, password, confirm)",
                "line 2: unknown button 'sumbit' on the registration screen; did you mean 'submit'? (buttons: send, call, verify, submit, terms)",
                "line 3: unknown button 'terms-of-service' on the registration screen (buttons: send, call, verify, submit, terms)",
            ])
    }
}
