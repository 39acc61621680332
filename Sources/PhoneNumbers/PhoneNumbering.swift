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
    /// which would show the digits in another order than they are read. Full-width digits and
    /// `+` (as a Chinese input method types them) are read as ASCII ones, and Brazil's written
    /// `0xx` before an area code (the x's standing for a carrier) as `0`.
    public static func dialableDigits(of typed: String) -> String? {
        var scalars = String.UnicodeScalarView()
        for scalar in typed.unicodeScalars where !isSeparator(scalar) {
            switch scalar.value {
            case 0xFF10...0xFF19, 0xFF0B: scalars.append(Unicode.Scalar(scalar.value - 0xFEE0)!)
            default: scalars.append(scalar)
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
