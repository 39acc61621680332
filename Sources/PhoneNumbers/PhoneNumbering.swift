/// What the numbering data tells of an E.164 number, and which data it is.
public enum PhoneNumbering: Sendable {
    /// The version of `phonenumbers` (the Python port of libphonenumber) whose metadata this
    /// module carries, e.g. `9.0.43`.
    public static var dataVersion: String { PhoneNumberData.version }

    /// What a parser reads of a number as a person typed it: its digits, after a `+` when one
    /// was typed; nil when it holds anything else.
    ///
    /// Skipped: spaces and dashes of any kind (a no-break space, a non-breaking hyphen), a tab,
    /// dots, brackets, and the invisible marks a copied number carries (direction marks and
    /// embeddings, zero-width spaces and joiners) — not a line break, nor a direction override,
    /// which would show the digits in another order than they are read. The decimal digits of
    /// every script (Unicode's general category Nd: the Arabic `٠١٠`, the Persian and Urdu
    /// `۰۳۰`, Devanagari, Bengali, Thai, full-width …) are read as the ASCII digits they stand
    /// for, as libphonenumber reads them; a full-width `+` (as a Chinese input method types it)
    /// as `+`; and Brazil's written `0xx` before an area code (the x's standing for a carrier)
    /// as `0`. What it returns is ASCII.
    public static func dialableDigits(of typed: String) -> String? {
        typed.utf8.allSatisfy({ $0 < 0x80 }) ? dialableDigits(ofASCII: typed) : dialableDigits(readingScalarsOf: typed)
    }

    /// ``dialableDigits(of:)`` read scalar by scalar, by their Unicode properties: what any text
    /// needs, and the reference its ASCII form is tested against.
    package static func dialableDigits(readingScalarsOf typed: String) -> String? {
        var scalars = String.UnicodeScalarView()
        for scalar in typed.unicodeScalars where !isSeparator(scalar) {
            if let digit = asciiDigit(scalar) {
                scalars.append(digit)
            } else {
                scalars.append(scalar.value == 0xFF0B ? "+" : scalar)
            }
        }
        var text = String(scalars)
        if text.lowercased().hasPrefix("0xx") {
            text.removeSubrange(text.index(after: text.startIndex)..<text.index(text.startIndex, offsetBy: 3))
        }
        let digits = text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return text
    }

    /// ``dialableDigits(of:)`` of a text all ASCII, read by its bytes: of ASCII, only the space
    /// is a space separator, only `-` a dash, and nothing a format character.
    package static func dialableDigits(ofASCII typed: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(typed.utf8.count)
        for byte in typed.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "\t"), UInt8(ascii: "."), UInt8(ascii: "("),
                UInt8(ascii: ")"):
                continue
            default: bytes.append(byte)
            }
        }
        if bytes.count >= 3, bytes[0] == UInt8(ascii: "0"), bytes[1] | 0x20 == UInt8(ascii: "x"),
            bytes[2] | 0x20 == UInt8(ascii: "x")
        {
            bytes.removeSubrange(1..<3)
        }
        let digits = bytes.first == UInt8(ascii: "+") ? bytes.dropFirst() : bytes[...]
        guard !digits.isEmpty, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The ASCII digit that a decimal digit of any script stands for (general category Nd:
    /// `٣`, `۳`, `३`, `৩`, `๓`, `３` are all `3`), as libphonenumber reads digits; nil for
    /// anything else, numbers that are no digits (`²`, `③`, `万`) included.
    package static func asciiDigit(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        if scalar.isASCII { return ("0"..."9").contains(scalar) ? scalar : nil }
        let properties = scalar.properties
        guard properties.generalCategory == .decimalNumber, let value = properties.numericValue,
            value >= 0, value <= 9
        else { return nil }
        return Unicode.Scalar(UInt8(48 + Int(value)))
    }

    /// What a phone number may hold between its digits (see ``dialableDigits(of:)``).
    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .dashPunctuation: return true
        case .format: return !(0x202D...0x202E).contains(scalar.value)
        default:
            return scalar == "\t" || scalar == "." || scalar == "(" || scalar == ")" || scalar == "\u{FF08}"
                || scalar == "\u{FF09}"
        }
    }

    /// The country calling code an E.164 number starts with (`55` for `+5511961234567`); nil
    /// when it starts with none.
    public static func callingCode(of number: String) -> String? {
        let digits = number.hasPrefix("+") ? Substring(number).dropFirst() : Substring(number)
        return MetadataStore.shared.callingCode(atStartOf: digits)
    }

    /// The region an E.164 number belongs to (`+14165550100` is `CA`, `+447400123456` is
    /// `GB`); nil for a number of no region (an international network) or no known code.
    public static func region(of number: String) -> PhoneRegion? {
        guard let (_, metadata) = national(of: number), metadata.region != "001" else { return nil }
        return PhoneRegion(metadata.region)
    }

    /// The region that stands for a calling code (`GB` for `44`, `US` for `1`); nil for a code
    /// of no region or none known.
    package static func mainRegion(ofCallingCode code: String) -> PhoneRegion? {
        MetadataStore.shared.metadata(forCallingCode: code).flatMap { PhoneRegion($0.region) }
    }

    /// The type of an E.164 number by its region's patterns; nil when it matches none of them.
    public static func type(of number: String) -> PhoneNumberType? {
        guard let (national, metadata) = national(of: number) else { return nil }
        return metadata.type(of: national)
    }

    /// The national number of an E.164 number, and the metadata of its region.
    private static func national(of number: String) -> (Substring, PhoneMetadata)? {
        let digits = number.hasPrefix("+") ? Substring(number).dropFirst() : Substring(number)
        let store = MetadataStore.shared
        guard let code = store.callingCode(atStartOf: digits) else { return nil }
        let national = digits.dropFirst(code.count)
        return store.metadata(ofNational: national, callingCode: code).map { (national, $0) }
    }
}
