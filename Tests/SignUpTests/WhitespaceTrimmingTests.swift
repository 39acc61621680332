import Testing

@testable import SignUpDomain

/// What a destination as typed is trimmed of: an ASCII text, read by its bytes, loses what
/// `Character.isWhitespace` calls white space, as any other text does.
@Suite("Destinations: the white space around what was typed")
struct WhitespaceTrimmingTests {
    /// The text without the characters at either end that are white space to `Character`.
    static func reference(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }

    @Test("every ASCII text of up to 3 characters of a white space-rich alphabet")
    func ascii() {
        // Each ASCII control and the space at either end, and around a letter.
        let alphabet = (0..<0x21).map { String(UnicodeScalar(UInt8($0))) } + ["a", "\r\n"]
        var checked = 0
        for first in alphabet {
            for second in alphabet {
                for third in ["", "a", " ", "\u{1F}", "\r"] {
                    let text = first + second + third
                    #expect(text.trimmingWhitespace == Self.reference(text), "\(text.unicodeScalars.map(\.value))")
                    checked += 1
                }
            }
        }
        #expect(checked == 35 * 35 * 5)
        #expect(" \t+1 415\r\n".trimmingWhitespace == "+1 415")
        #expect("\u{1F}a\u{1F}".trimmingWhitespace == "\u{1F}a\u{1F}")
    }
}
