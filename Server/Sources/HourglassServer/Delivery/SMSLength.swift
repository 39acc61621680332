/// A text's length as an SMS, by GSM 03.38: in the GSM 7-bit alphabet when every character is
/// in its basic table or its extension table (an extension character takes two septets), else
/// in UCS-2 (UTF-16 code units: a character outside the BMP takes two). One segment holds 160
/// septets or 70 units; a longer text is sent in parts of 153 septets or 67 units each (the
/// rest of a part carries the header that joins them), and providers bill each part.
struct SMSLength: Sendable, Hashable {
    /// The alphabet a text is sent in.
    enum Encoding: String, Sendable {
        case gsm7, ucs2
    }

    let encoding: Encoding
    /// Septets in GSM 7-bit, UTF-16 code units in UCS-2.
    let units: Int

    init(_ text: String) {
        var septets = 0
        for scalar in text.unicodeScalars {
            if Self.basic.contains(scalar) {
                septets += 1
            } else if Self.extended.contains(scalar) {
                septets += 2
            } else {
                (encoding, units) = (.ucs2, text.utf16.count)
                return
            }
        }
        (encoding, units) = (.gsm7, septets)
    }

    /// What one segment holds.
    var capacity: Int { encoding == .gsm7 ? 160 : 70 }

    /// The parts the text is sent in (an empty text is one).
    var segments: Int {
        guard units > capacity else { return 1 }
        let part = encoding == .gsm7 ? 153 : 67
        return (units + part - 1) / part
    }

    /// GSM 03.38's basic table (the escape to the extension table left out).
    private static let basic = Set(
        ("@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿"
            + "abcdefghijklmnopqrstuvwxyzäöñüà").unicodeScalars)
    /// Its extension table, each character sent as the escape and one septet.
    private static let extended = Set("^{}\\[~]|€\u{0C}".unicodeScalars)
}
