import SignUp

/// Reads scripts: one command a line, `#` starts a comment. ``reference`` lists every command.
public enum ScriptParser: Sendable {
    /// Every command, in one place (shown by `linemode --help`).
    public static let reference = """
        type FIELD TEXT        type into a field (replaces its text); FIELD: destination, code, \
        password, confirm; `type code sent` types the code the server just sent
        clear FIELD            empty a field
        tap BUTTON             tap send, verify, submit, or terms (the checkbox)
        wait DURATION          let time pass: 300ms, 2s, 1.5s, 1m30s, 15m, 1h (at most 24h)
        suspend DURATION       the app is suspended: nothing runs, then each due timer once, late
        restart                the app is killed and started again (same cooldown store)
        show                   print the whole screen
        server latency DURATION                 how long each answer takes
        server fail request network|invalid|rate-limited DURATION|send-limit DURATION
        server fail check network|expired|locked DURATION
        server fail register network|exists|message TEXT
        server resend-after DURATION|none       the server's own cooldown after a send
        server code DIGITS                      the next code the server sends
        server account DESTINATION              an account that exists already
        wall +DURATION|-DURATION                move the wall clock (e.g. -1h: set back an hour)
        """

    /// The longest line accepted, in characters.
    public static let longestLine = 1_000

    static let commands = ["type", "clear", "tap", "wait", "suspend", "restart", "show", "server", "wall"]

    /// Parses one line; nil for a blank or comment line.
    static func parse(_ text: String, line: Int, screen: ScriptScreen) throws(ScriptError) -> ScriptCommand? {
        let content =
            text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let words = content.split(whereSeparator: isSeparator).map(String.init)
        guard let name = words.first else { return nil }
        let arguments = Array(words.dropFirst())
        func fail(_ message: String) -> ScriptError { ScriptError(line: line, message) }
        func count(_ expected: Int, _ usage: String) throws(ScriptError) {
            guard arguments.count == expected else {
                throw fail(
                    "'\(name)' takes \(expected == 0 ? "no argument" : "\(expected) argument\(expected == 1 ? "" : "s")"), got \(arguments.count); write: \(usage)"
                )
            }
        }
        switch name {
        case "type":
            guard arguments.count >= 2 else {
                throw fail(
                    "'type' takes a field and a text, got \(arguments.count) argument\(arguments.count == 1 ? "" : "s"); write: type FIELD TEXT"
                )
            }
            let field = try Self.field(arguments[0], screen: screen, line: line)
            let text = Self.rest(of: content, after: 2)
            return .type(field, text)
        case "clear":
            try count(1, "clear FIELD")
            return .clear(try Self.field(arguments[0], screen: screen, line: line))
        case "tap":
            try count(1, "tap BUTTON")
            guard let button = screen.buttons.first(where: { $0.name == arguments[0] }) else {
                throw fail(Self.unknown("button", arguments[0], among: screen.buttons.map(\.name), screen: screen))
            }
            return .tap(button)
        case "wait", "suspend":
            try count(1, "\(name) DURATION")
            let duration = try Self.duration(arguments[0], line: line)
            return name == "wait" ? .wait(duration) : .suspend(duration)
        case "restart":
            try count(0, "restart")
            return .restart
        case "show":
            try count(0, "show")
            return .show
        case "wall":
            try count(1, "wall +DURATION or wall -DURATION")
            let sign = arguments[0].first
            guard sign == "+" || sign == "-" else {
                throw fail("'wall' takes a signed duration such as +1h or -30m, got \(quoted(arguments[0]))")
            }
            let duration = try Self.duration(String(arguments[0].dropFirst()), line: line)
            return .wall(sign == "-" ? .zero - duration : duration)
        case "server":
            return .server(try ServerCommandParser.parse(arguments, content: content, line: line))
        default:
            throw fail(Self.unknown("command", name, among: commands, screen: nil))
        }
    }

    static func field(_ word: String, screen: ScriptScreen, line: Int) throws(ScriptError) -> ScriptField {
        let name = word == "account" ? "destination" : word
        guard let field = screen.fields.first(where: { $0.name == name }) else {
            throw ScriptError(line: line, unknown("field", word, among: screen.fields.map(\.name), screen: screen))
        }
        return field
    }

    static func duration(_ word: String, line: Int) throws(ScriptError) -> Duration {
        guard let duration = ScriptDuration.parse(word) else {
            throw ScriptError(
                line: line, "\(quoted(word)) is not a duration; write e.g. 300ms, 2s, 1.5s, 1m30s or 1h (at most 24h)")
        }
        return duration
    }

    /// The text after the first `words` words, spaces inside kept. Words are separated by any
    /// white space (a space, a tab, a no-break or an ideographic space).
    static func rest(of content: String, after words: Int) -> String {
        var rest = Substring(content)
        for _ in 0..<words {
            rest = rest.drop(while: isSeparator)
            rest = rest.drop { !isSeparator($0) }
        }
        rest = rest.drop(while: isSeparator)
        while let last = rest.last, isSeparator(last) { rest = rest.dropLast() }
        return String(rest)
    }

    /// Whether `character` separates words: any white space, the usual ASCII ones checked first.
    static func isSeparator(_ character: Character) -> Bool {
        guard character.isASCII else { return character.isWhitespace }
        return character == " " || character == "\t" || character == "\u{0B}" || character == "\u{0C}"
    }

    /// "unknown command 'tapp'; did you mean 'tap'? (commands: …)"
    static func unknown(_ kind: String, _ word: String, among choices: [String], screen: ScriptScreen?) -> String {
        let on = screen.map { " on the \($0.name) screen" } ?? ""
        // Two words whose lengths differ by more than two are more than two edits apart.
        let length = word.unicodeScalars.count
        let suggestion = choices.filter { abs($0.unicodeScalars.count - length) <= 2 }
            .map { ($0, editDistance($0, word)) }
            .filter { $0.1 <= 2 }.min { $0.1 < $1.1 }
        let hint = suggestion.map { "; did you mean '\($0.0)'?" } ?? ""
        return "unknown \(kind) \(quoted(word))\(on)\(hint) (\(kind)s: \(choices.joined(separator: ", ")))"
    }

    /// `word` in single quotes, with every character a reader cannot see (format and control
    /// characters such as a byte-order mark or a zero-width space) written as `\u{FEFF}`, so
    /// that "unknown command '\u{FEFF}type'" says why `type` was not understood.
    static func quoted(_ word: String) -> String {
        var shown = ""
        for scalar in word.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .format, .control, .unassigned, .privateUse, .surrogate, .lineSeparator, .paragraphSeparator:
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                shown.unicodeScalars.append(scalar)
            }
        }
        return "'" + shown + "'"
    }

    /// Levenshtein distance over Unicode scalars, for "did you mean".
    static func editDistance(_ left: String, _ right: String) -> Int {
        let a = Array(left.unicodeScalars)
        let b = Array(right.unicodeScalars)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
