import PhoneNumbers

/// Reading a verification code out of what was typed, pasted or filled in: a keystroke, the
/// digits of any script (`٤٢`, full-width `４２`), or a whole message pasted from the text that
/// brought it — its code found among the other numbers it holds (the minutes, an app's hash).
public enum CodeReading: Sendable {
    /// The code of `length` digits in `text`, in ASCII; fewer while it is being typed:
    ///
    /// 1. the code of an origin-bound last line (`@example.com #123456`), when it has `length`
    ///    digits;
    /// 2. else the first run of exactly `length` digits, not part of a longer run;
    /// 3. else the text's digits, the first `length` of them.
    ///
    /// A digit is a character of one scalar of general category Nd, read as its ASCII value;
    /// numbers that are no digits (`²`, `⑩`, `万`) are dropped like any other character.
    public static func code(in text: String, length: Int) -> String {
        guard length > 0 else { return "" }
        let digits = text.map { character -> Character? in
            guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
                let digit = PhoneNumbering.asciiDigit(scalar)
            else { return nil }
            return Character(digit)
        }
        if let bound = originBound(text, digits), bound.count == length { return bound }
        var run = ""
        for digit in digits + [nil] {
            if let digit {
                run.append(digit)
            } else {
                if run.count == length { return run }
                run = ""
            }
        }
        return String(digits.compactMap { $0 }.prefix(length))
    }

    /// The digits after ` #` on the text's last line, when that line is origin-bound (`@…`).
    private static func originBound(_ text: String, _ digits: [Character?]) -> String? {
        let characters = Array(text)
        var end = characters.endIndex
        while end > 0, characters[end - 1].isNewline || characters[end - 1] == " " { end -= 1 }
        var start = end
        while start > 0, !characters[start - 1].isNewline { start -= 1 }
        guard start < end, characters[start] == "@",
            let hash = characters[start..<end].firstIndex(of: "#"), hash > start, characters[hash - 1] == " "
        else { return nil }
        let code = digits[(hash + 1)..<end].prefix { $0 != nil }.compactMap { $0 }
        return code.isEmpty ? nil : String(code)
    }
}
