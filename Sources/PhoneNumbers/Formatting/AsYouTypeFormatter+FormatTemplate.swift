extension AsYouTypeFormatter {
    /// What the formatter reads of a format, made once with it, in UTF-8 bytes: the formatter
    /// writes a number with no `String` work.
    struct FormatTemplate: Sendable {
        /// Whether the format writes groups and punctuation alone, `$1` first (libphonenumber's
        /// eligible formats).
        let isEligible: Bool
        /// Its pattern's longest match of nines written by the format, each nine
        /// ``AsYouTypeFormatter/placeholder``, a place for a digit; nil when the pattern
        /// matches no nines.
        let places: [UInt8]?
        /// How many digits ``places`` holds.
        let digits: Int
        /// The format's template with each `$1`…`$9` the byte 1…9.
        let writing: [UInt8]
        /// Whether its national prefix rule writes the first group alone (`$1`, `($1)`), or is
        /// none.
        let hasFirstGroupOnly: Bool
        /// Whether its national prefix rule separates the prefix from the number (a space or a
        /// hyphen).
        let separatesPrefix: Bool

        init(pattern: NumberPattern, template: String, nationalPrefixRule rule: String?) {
            isEligible = Self.isEligible(template)
            writing = Self.compile(template)
            hasFirstGroupOnly = rule.map { ["$1", "($1", "$1)", "($1)"].contains($0) } ?? true
            separatesPrefix = rule.map { $0.contains(" ") || $0.contains("-") } ?? false
            let nines = Substring("999999999999999")
            guard let match = pattern.matchAtStart(nines),
                let written = pattern.substitute(template, in: nines[..<match.end])
            else {
                (places, digits) = (nil, 0)
                return
            }
            places = written.utf8.map { $0 == UInt8(ascii: "9") ? AsYouTypeFormatter.placeholder : $0 }
            digits = nines.distance(from: nines.startIndex, to: match.end)
        }

        /// `template` in UTF-8, each `$N` (N from 1 to 9) the byte N, as
        /// `NumberPattern.expand(_:groups:)` reads it.
        private static func compile(_ template: String) -> [UInt8] {
            var bytes: [UInt8] = []
            var rest = template.utf8[...]
            let groups = UInt8(ascii: "1")...UInt8(ascii: "9")
            while let byte = rest.popFirst() {
                if byte == UInt8(ascii: "$"), let digit = rest.first, groups.contains(digit) {
                    bytes.append(digit - UInt8(ascii: "0"))
                    rest = rest.dropFirst()
                } else {
                    bytes.append(byte)
                }
            }
            return bytes
        }

        private static func isEligible(_ template: String) -> Bool {
            var characters = template[...]
            var sawFirst = false
            while let character = characters.first {
                characters = characters.dropFirst()
                if character == "$", let digit = characters.first, digit.isASCII, digit.isNumber {
                    characters = characters.dropFirst()
                    if !sawFirst, digit != "1" { return false }
                    sawFirst = true
                } else if !punctuation.contains(character) {
                    return false
                }
            }
            return sawFirst
        }

        /// libphonenumber's valid punctuation.
        private static let punctuation: Set<Character> = Set(
            "-x\u{2010}\u{2011}\u{2012}\u{2013}\u{2014}\u{2015}\u{2212}\u{30FC}\u{FF0D}\u{FF0E}\u{FF0F} \u{00A0}\u{00AD}\u{200B}\u{2060}\u{3000}()\u{FF08}\u{FF09}\u{FF3B}\u{FF3D}.[]/~\u{2053}\u{223C}\u{FF5E}"
        )
    }
}

extension NumberFormat {
    /// Appends `digits` (ASCII) written by this format to `written`: the groups of the
    /// pattern's match at their start in its template, then the digits after the match; false
    /// when the pattern does not match at their start. It allocates nothing but `written`'s
    /// room.
    func write(_ digits: [UInt8], into written: inout [UInt8]) -> Bool {
        digits.withUnsafeBufferPointer { digits in
            pattern.withMatch(atStartOf: digits) { (end, slots) -> Void in
                for byte in typing.writing {
                    guard byte <= 9 else {
                        written.append(byte)
                        continue
                    }
                    let slot = 2 * (Int(byte) - 1)
                    guard slot + 1 < slots.count, slots[slot] >= 0, slots[slot + 1] >= 0 else { continue }
                    written.append(contentsOf: digits[slots[slot]..<slots[slot + 1]])
                }
                written.append(contentsOf: digits[end...])
            } != nil
        }
    }
}
