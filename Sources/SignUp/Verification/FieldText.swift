import PhoneNumbers

/// A text of the destination field, read as the field reads it: by `Character`, and by byte
/// when every character is one ASCII byte (a number typed in ASCII, the usual text), which
/// gives the same answers in a small part of the time. Which of the two is found once, when
/// it is made.
struct FieldText {
    let string: String
    /// Whether every character is one ASCII byte (`\r`, which makes one character with a `\n`
    /// after it, is left to the `Character` path).
    let isPlainASCII: Bool

    init(_ string: String) {
        self.string = string
        var contiguous = string
        isPlainASCII = contiguous.withUTF8 { bytes in !bytes.contains { $0 >= 0x80 || $0 == UInt8(ascii: "\r") } }
    }

    /// How many characters it has.
    var count: Int { isPlainASCII ? string.utf8.count : string.count }

    /// Whether it is a number being typed: no letter and no `@`.
    var isNumber: Bool {
        guard isPlainASCII else { return !string.contains { $0.isLetter || $0 == "@" || $0 == "＠" } }
        return !string.utf8.contains { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "@")
        }
    }

    /// The index `offset` characters in (at most the end).
    func index(_ offset: Int) -> String.Index {
        isPlainASCII
            ? string.utf8.index(string.startIndex, offsetBy: offset)
            : string.index(string.startIndex, offsetBy: offset)
    }

    /// How many of the first `limit` characters are significant.
    func significantCount(before limit: Int) -> Int {
        guard isPlainASCII else { return string.prefix(limit).count(where: Self.isSignificant) }
        return string.utf8.prefix(limit).count(where: Self.isSignificant)
    }

    /// How many characters come before the one after the `count`th significant one (0 for
    /// none; the length when there are fewer).
    func position(afterSignificant count: Int) -> Int {
        var (seen, position) = (0, 0)
        if isPlainASCII {
            for byte in string.utf8 {
                if seen == count { break }
                position += 1
                if Self.isSignificant(byte) { seen += 1 }
            }
        } else {
            for character in string {
                if seen == count { break }
                position += 1
                if Self.isSignificant(character) { seen += 1 }
            }
        }
        return position
    }

    /// The position of the last significant character before `position`; nil: none.
    func lastSignificant(before position: Int) -> Int? {
        if isPlainASCII {
            return string.utf8.prefix(position).lastIndex(where: Self.isSignificant)
                .map { string.utf8.distance(from: string.startIndex, to: $0) }
        }
        return Array(string.prefix(position)).lastIndex(where: Self.isSignificant)
    }

    /// A digit of any script (as `PhoneNumbering` reads one), or a plus sign: what the
    /// formatter keeps.
    static func isSignificant(_ character: Character) -> Bool {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return false }
        return PhoneNumbering.asciiDigit(scalar) != nil || scalar == "+" || scalar == "\u{FF0B}"
    }

    /// Whether an ASCII byte is significant: a digit or `+`.
    private static func isSignificant(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
    }
}
