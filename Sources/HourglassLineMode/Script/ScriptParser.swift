import PhoneNumbers
import SignUp

/// Reads scripts: one command a line, `#` starts a comment. `linemode --help` lists every command.
public enum ScriptParser: Sendable {
    /// Every command, in one place (shown by `linemode --help`).
    package static let reference = """
        type FIELD TEXT     type into a field (replaces its text); FIELD: one of the
                            screen's, on the sign-up screens destination (or
                            account), code, password, confirm, and on the
                            verification screen region (the region picker's
                            search, whose first matches a regions: line shows);
                            `type code sent`
                            types the code the server just sent; a secret (code,
                            password, confirm) is echoed masked, but `type password
                            $NAME` types the secret NAME from the secrets file
                            (--secrets, or a fixture's first line) and is echoed as
                            it is written
        clear FIELD         empty a field
        choose region XX    choose a region in the picker by its ISO code (EG, GB):
                            a number without + is read and formatted for it
        tap BUTTON          tap one of the screen's buttons: on the sign-up screens
                            send, call (offered once the first wait is over),
                            verify, submit, or terms (the checkbox)
        wait DURATION       let time pass: 300ms, 2s, 1.5s, 1m30s, 15m, 1h (up to 24h)
        suspend DURATION    the app is suspended: nothing runs, then each due timer
                            once, late
        restart             the app is killed and started again (same cooldown store)
        show                print the whole screen
        server latency DURATION
                            how long each answer takes
        server fail request network|unavailable|invalid|no-call
        server fail request rate-limited DURATION|send-limit DURATION
        server fail check network|unavailable|expired|locked DURATION
        server fail register network|unavailable|exists|weak|proof
                            make the next code request, check or registration fail
        server resend-after DURATION|none
                            the server's own cooldown after a send
        server code DIGITS  the next code the server sends, echoed masked (or $NAME,
                            as for type)
        server account DESTINATION
                            an account that exists already
        wall +DURATION|-DURATION
                            move the wall clock (e.g. -1h: set back an hour)
        quit                live mode only: end the session (as the end of input does)
        A script's waits and suspensions together may take at most 100 years.
        """

    /// The longest line accepted, in characters.
    package static let longestLine = 1_000

    static let commands = [
        "type", "clear", "choose", "tap", "wait", "suspend", "restart", "show", "server", "wall",
    ]

    /// Parses one line; nil for a blank or comment line.
    static func parse(
        _ text: String, line: Int, screen: ScriptScreen, secrets: ScriptSecrets = ScriptSecrets(),
        region: PhoneRegion? = nil
    ) throws(ScriptError) -> ScriptCommand? {
        let ascii = isPlainASCII(text.utf8)
        let content = Self.content(of: text, ascii: ascii)
        guard let (name, first, argumentCount) = Self.leadingWords(of: content, ascii: ascii) else { return nil }
        // The first argument, once its count has been checked.
        let argument = first ?? ""
        func fail(_ message: String) -> ScriptError { ScriptError(line: line, message) }
        func count(_ expected: Int, _ usage: String) throws(ScriptError) {
            guard argumentCount == expected else {
                // An argument where none belongs may be invisible (a zero-width space): show it.
                let more = argumentCount > 1 ? " and more" : ""
                let got = expected == 0 ? "\(argumentCount) (\(quoted(String(argument)))\(more))" : "\(argumentCount)"
                throw fail(
                    "'\(name)' takes \(expected == 0 ? "no argument" : "\(expected) argument\(expected == 1 ? "" : "s")"), got \(got); write: \(usage)"
                )
            }
        }
        switch name {
        case "type":
            guard argumentCount >= 2 else {
                throw fail(
                    "'type' takes a field and a text, got \(argumentCount) argument\(argumentCount == 1 ? "" : "s"); write: type FIELD TEXT"
                )
            }
            let field = try Self.field(argument, screen: screen, line: line)
            let text = Self.rest(of: content, after: 2)
            return .type(field, field.isSecret ? try secrets.resolve(text, line: line) : text)
        case "clear":
            try count(1, "clear FIELD")
            return .clear(try Self.field(argument, screen: screen, line: line))
        case "choose":
            try count(2, "choose region XX")
            let field = try Self.field(argument, screen: screen, line: line)
            let code = String(words(of: content, ascii: ascii)[2])
            guard field == .region else {
                throw fail("'choose' picks a region: write choose region XX, not choose \(field.name)")
            }
            guard let region = PhoneRegion(code) else {
                throw fail("\(quoted(code)) is no region libphonenumber knows; write its ISO code, such as EG or GB")
            }
            return .choose(region)
        case "tap":
            try count(1, "tap BUTTON")
            guard let button = screen.buttons.first(where: { $0.name == argument }) else {
                throw fail(
                    Self.unknown("button", String(argument), among: screen.buttons.map(\.name), screen: screen))
            }
            return .tap(button)
        case "wait", "suspend":
            try count(1, "\(name) DURATION")
            let duration = try Self.duration(String(argument), line: line)
            return name == "wait" ? .wait(duration) : .suspend(duration)
        case "restart":
            try count(0, "restart")
            return .restart
        case "show":
            try count(0, "show")
            return .show
        case "wall":
            try count(1, "wall +DURATION or wall -DURATION")
            let sign = argument.first
            guard sign == "+" || sign == "-" else {
                throw fail("'wall' takes a signed duration such as +1h or -30m, got \(quoted(String(argument)))")
            }
            let duration = try Self.duration(String(argument.dropFirst()), line: line)
            return .wall(sign == "-" ? .zero - duration : duration)
        case "server":
            let arguments = words(of: content, ascii: ascii).dropFirst().map(String.init)
            return .server(
                try ServerCommandParser.parse(
                    arguments, content: String(content), line: line, secrets: secrets, region: region))
        default:
            throw fail(Self.unknown("command", String(name), among: commands, screen: nil))
        }
    }

    /// The text before the first `#` (a comment), as characters compare: a `#` that a combining
    /// mark joins is no comment sign. `ascii`: whether `text` is ``isPlainASCII(_:)``.
    static func content(of text: String, ascii: Bool) -> Substring {
        // In plain ASCII each byte is a character.
        let end = ascii ? text.utf8.firstIndex(of: UInt8(ascii: "#")) : text.firstIndex(of: "#")
        return text[..<(end ?? text.endIndex)]
    }

    /// The words of `content`, split at runs of ``isSeparator(_:)``. `ascii`: whether
    /// `content` is known to be ``isPlainASCII(_:)``.
    static func words(of content: Substring, ascii: Bool) -> [Substring] {
        guard ascii else { return content.split(whereSeparator: isSeparator) }
        var words: [Substring] = []
        var index = content.startIndex
        while let word = nextASCIIWord(of: content, from: &index) { words.append(word) }
        return words
    }

    /// The next word of plain-ASCII `content` at or after `index`, which moves past it; nil when
    /// none is left.
    private static func nextASCIIWord(of content: Substring, from index: inout Substring.Index) -> Substring? {
        let bytes = content.utf8
        while index != bytes.endIndex, isSeparator(byte: bytes[index]) { index = bytes.index(after: index) }
        guard index != bytes.endIndex else { return nil }
        let start = index
        while index != bytes.endIndex, !isSeparator(byte: bytes[index]) { index = bytes.index(after: index) }
        return content[start..<index]
    }

    /// The first word of `content`, the second (its first argument) and how many words follow
    /// the first, as ``words(of:ascii:)`` splits them; nil when it has none. Every command but
    /// `server` reads no more, so no array is made.
    static func leadingWords(of content: Substring, ascii: Bool) -> (Substring, Substring?, Int)? {
        guard ascii else {
            let words = content.split(whereSeparator: isSeparator)
            guard let name = words.first else { return nil }
            return (name, words.dropFirst().first, words.count - 1)
        }
        var index = content.startIndex
        guard let name = nextASCIIWord(of: content, from: &index) else { return nil }
        let argument = nextASCIIWord(of: content, from: &index)
        var count = argument == nil ? 0 : 1
        while nextASCIIWord(of: content, from: &index) != nil { count += 1 }
        return (name, argument, count)
    }

    /// Whether an ASCII byte is one of the separators ``isSeparator(_:)`` accepts in ASCII:
    /// a space, a tab, a vertical tab or a form feed.
    static func isSeparator(byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
    }

    /// Whether every byte is ASCII and none a carriage return (which joins a following line
    /// feed into one character): then each byte is one character.
    static func isPlainASCII(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") }
    }

    static func field(_ word: Substring, screen: ScriptScreen, line: Int) throws(ScriptError) -> ScriptField {
        let name = word == "account" ? "destination" : word
        guard let field = screen.fields.first(where: { $0.name == name }) else {
            throw ScriptError(
                line: line, unknown("field", String(word), among: screen.fields.map(\.name), screen: screen))
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
        rest(of: Substring(content), after: words)
    }

    /// ``rest(of:after:)`` of a part of a line.
    static func rest(of content: Substring, after words: Int) -> String {
        if isPlainASCII(content.utf8) {
            // Each byte is a character: the same walk over bytes.
            let bytes = content.utf8
            var index = bytes.startIndex
            func skip(separators: Bool) {
                while index != bytes.endIndex, isSeparator(byte: bytes[index]) == separators {
                    index = bytes.index(after: index)
                }
            }
            for _ in 0..<words {
                skip(separators: true)
                skip(separators: false)
            }
            skip(separators: true)
            var end = bytes.endIndex
            while end != index, isSeparator(byte: bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
            return String(content[index..<end])
        }
        var rest = content
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
        // The first of the closest choices at most two edits away. Two words whose lengths
        // differ by more than two are more than two edits apart (a choice has at least as
        // many UTF-8 bytes as scalars).
        let length = word.unicodeScalars.count
        var suggestion: (choice: String, distance: Int)?
        for choice in choices where choice.utf8.count + 2 >= length {
            guard abs(choice.unicodeScalars.count - length) <= 2 else { continue }
            // Only a choice closer than the one found so far matters.
            let limit = min(2, (suggestion?.distance ?? 3) - 1)
            guard limit >= 0 else { break }
            let distance = editDistance(choice, word, limit: limit)
            if distance <= limit { suggestion = (choice, distance) }
        }
        var message = "unknown \(kind) \(quoted(word))"
        message.reserveCapacity(message.utf8.count + 120)
        if let screen {
            message += " on the "
            message += screen.name
            message += " screen"
        }
        if let suggestion {
            message += "; did you mean '"
            message += suggestion.choice
            message += "'?"
        }
        message += " ("
        message += kind
        message += "s: "
        for (index, choice) in choices.enumerated() {
            if index > 0 { message += ", " }
            message += choice
        }
        message += ")"
        return message
    }

    /// `word` in single quotes, with every character a reader cannot see (format and control
    /// characters such as a byte-order mark or a zero-width space) written as `\u{FEFF}`, so
    /// that "unknown command '\u{FEFF}type'" says why `type` was not understood.
    static func quoted(_ word: String) -> String {
        "'" + escaped(word) + "'"
    }

    /// `text` with every character a reader cannot see written out as in ``quoted(_:)``, and no
    /// quotes: for a path in a message, where a newline or a terminal escape would be acted on.
    static func escaped(_ text: String) -> String {
        // Printable ASCII is shown as it is: only other scalars may need writing out.
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .format, .control, .unassigned, .privateUse, .surrogate, .lineSeparator, .paragraphSeparator:
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// Levenshtein distance over Unicode scalars, for "did you mean"; once it is sure to be
    /// more than `limit`, some number more than `limit`. Two ASCII words are compared byte by
    /// byte (each byte is a scalar).
    static func editDistance(_ left: String, _ right: String, limit: Int = .max) -> Int {
        let ascii = left.utf8.withContiguousStorageIfAvailable { leftBytes in
            right.utf8.withContiguousStorageIfAvailable { rightBytes -> Int? in
                guard leftBytes.allSatisfy({ $0 < 0x80 }), rightBytes.allSatisfy({ $0 < 0x80 }) else { return nil }
                return editDistance(leftBytes, rightBytes, limit: limit)
            } ?? nil
        }
        return (ascii ?? nil) ?? editDistance(left.unicodeScalars, right.unicodeScalars, limit: limit)
    }

    /// Levenshtein distance between two sequences, or some number more than `limit` once it
    /// is sure to be. Works in two rows of scratch space on the stack: no allocation.
    private static func editDistance<Element: Equatable>(
        _ a: some Collection<Element>, _ b: some Collection<Element>, limit: Int
    ) -> Int {
        let width = b.count
        guard !a.isEmpty else { return width }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (width + 1)) { rows in
            var previous = UnsafeMutableBufferPointer(rebasing: rows[0...width])
            var current = UnsafeMutableBufferPointer(rebasing: rows[(width + 1)...])
            for j in 0...width { previous[j] = j }
            var i = 0
            for element in a {
                i += 1
                current[0] = i
                // No row's smallest value is smaller than the previous row's.
                var smallest = i
                var j = 0
                for other in b {
                    j += 1
                    current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (element == other ? 0 : 1))
                    smallest = min(smallest, current[j])
                }
                if smallest > limit { return smallest }
                swap(&previous, &current)
            }
            return previous[width]
        }
    }
}
