/// Where a verification code goes: a phone number or an e-mail address, normalised.
public enum Destination: Hashable, Sendable, CustomStringConvertible {
    /// A phone number in E.164 form, e.g. `+8613812345678`.
    case phone(String)
    /// An e-mail address, its domain lower-cased.
    case email(String)

    /// The normalised form the service receives and the store keeps.
    public var normalized: String {
        switch self {
        case .phone(let number): number
        case .email(let address): address
        }
    }

    /// A form safe to show on screen and in logs: `+86 138****5678`, `a***@example.com`.
    public var masked: String {
        switch self {
        case .phone(let number):
            let china = number.hasPrefix("+86")
            let country = china ? "+86 " : "+"
            let national = number.dropFirst(china ? 3 : 1)
            guard national.count > 7 else { return country + national }
            return country + national.prefix(3) + "****" + national.suffix(4)
        case .email(let address):
            let parts = address.split(separator: "@", maxSplits: 1)
            guard parts.count == 2, let first = parts[0].first else { return address }
            return "\(first)***@\(parts[1])"
        }
    }

    /// The masked form.
    public var description: String { masked }

    /// Parses what a person typed. In a phone number, spaces and dashes of any kind (a
    /// no-break space, a non-breaking hyphen), dots, brackets and invisible formatting marks
    /// (the direction marks of a number copied from a contact) are skipped, and full-width
    /// digits and signs are read as ASCII ones.
    ///
    /// A number without a `+` is read as a mainland China mobile number: 11 digits starting
    /// with 1, optionally after `86`. Any other number needs its country code after a `+`,
    /// and 8 to 15 digits (E.164, checked leniently): "1 415 555 0100" is taken for a China
    /// number, "+1 415 555 0100" is the US one.
    public static func parse(_ input: String) -> Result<Destination, DestinationProblem> {
        // Only characters beyond ASCII can be full-width.
        let text = (input.utf8.allSatisfy { $0 < 0x80 } ? input : String(input.map(Self.halfWidth))).trimmingWhitespace
        if text.isEmpty { return .failure(.empty) }
        if text.contains("@") { return parseEmail(text) }
        return parsePhone(text)
    }

    private static func parseEmail(_ text: String) -> Result<Destination, DestinationProblem> {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, text.count <= 254,
            !text.contains(where: { $0.isWhitespace })
        else { return .failure(.invalidEmail) }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }), (labels.last?.count ?? 0) >= 2 else {
            return .failure(.invalidEmail)
        }
        return .success(.email("\(parts[0])@\(parts[1].lowercased())"))
    }

    private static func parsePhone(_ text: String) -> Result<Destination, DestinationProblem> {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { !isPhoneSeparator($0) })
        let compact = String(scalars)
        let hasPlus = compact.hasPrefix("+")
        let digits = hasPlus ? String(compact.dropFirst()) : compact
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return .failure(.invalidPhone) }
        // Mainland China: 11 digits starting with 1, after +86, 86 or nothing.
        var national: Substring?
        if digits.hasPrefix("86") && digits.count == 13 { national = digits.dropFirst(2) }
        if !hasPlus && digits.count == 11 { national = Substring(digits) }
        if let national {
            guard national.first == "1" else { return .failure(.invalidChinaMobile) }
            return .success(.phone("+86" + national))
        }
        guard hasPlus else { return .failure(.missingCountryCode) }
        guard (8...15).contains(digits.count), digits.first != "0" else { return .failure(.invalidPhone) }
        return .success(.phone("+" + digits))
    }

    /// What a phone number may hold between its digits: spaces and dashes of any kind, a tab,
    /// dots, brackets, and the invisible marks a copied number carries (direction marks and
    /// embeddings, zero-width spaces and joiners, a byte-order mark) — not a line break, nor a
    /// direction override, which would show the digits in another order than they are read.
    private static func isPhoneSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .dashPunctuation: return true
        case .format: return !(0x202D...0x202E).contains(scalar.value)
        default: return scalar == "\t" || scalar == "." || scalar == "(" || scalar == ")"
        }
    }

    /// Full-width digits, plus and at signs (as typed with a Chinese input method) to ASCII.
    private static func halfWidth(_ character: Character) -> Character {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return character }
        switch scalar.value {
        case 0xFF01...0xFF5E: return Character(Unicode.Scalar(scalar.value - 0xFEE0)!)
        case 0x3000: return " "
        default: return character
        }
    }
}

/// Why a destination was not accepted.
public enum DestinationProblem: Error, Hashable, Sendable {
    /// Nothing was typed.
    case empty
    /// Not a valid e-mail address.
    case invalidEmail
    /// 11 digits that do not start with 1.
    case invalidChinaMobile
    /// Digits without a country code (and not a mainland China mobile number).
    case missingCountryCode
    /// Not a phone number.
    case invalidPhone
}

extension String {
    /// The text without the white space (as `Character.isWhitespace` tells) at either end.
    var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
