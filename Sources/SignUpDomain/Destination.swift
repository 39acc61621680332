import Foundation
public import PhoneNumbers

/// Where a verification code goes: a phone number or an e-mail address, normalised.
public enum Destination: Hashable, Sendable, CustomStringConvertible {
    /// A phone number in E.164 form, e.g. `+8613812345678`.
    case phone(String)
    /// An e-mail address, its domain in one form: mapped by UTS 46 (lower case, compatibility
    /// forms folded, ignored marks removed, NFC) with its Punycode labels decoded, so that the
    /// spellings UTS 46 maps alike are one destination (see `normalizedDomain`).
    case email(String)

    /// The normalised form the service receives and the store keeps.
    public var normalized: String {
        switch self {
        case .phone(let number): number
        case .email(let address): address
        }
    }

    /// A form safe to show on screen and in logs, the same in every language: a phone number as
    /// `StandardPhoneNumberFormatter.masked(_:)` writes it: its country code and its area code
    /// whole (none for most mobiles), then at most its last four digits and never more than half
    /// of the national number, at least three hidden (`+55 11 •••••-4567`, `+1 415-•••-0100`,
    /// `+852 •••• 4567`); an e-mail address with the first character of its local part and its
    /// domain (`a***@example.com`).
    public var masked: String { masked(by: StandardPhoneNumberFormatter()) }

    /// The form to show in a field, for people: a phone number in libphonenumber's international
    /// format (`+55 11 96123-4567`, `+33 6 12 34 56 78`); an e-mail address as it is.
    public var formatted: String { formatted(by: StandardPhoneNumberFormatter()) }

    /// ``masked``, a phone number written by `formatter`.
    public func masked(by formatter: some PhoneNumberFormatter) -> String {
        switch self {
        case .phone(let number):
            return formatter.masked(number)
        case .email(let address):
            let parts = address.split(separator: "@", maxSplits: 1)
            guard parts.count == 2, let first = parts[0].first else { return address }
            return "\(first)***@\(parts[1])"
        }
    }

    /// ``formatted``, a phone number written by `formatter`.
    public func formatted(by formatter: some PhoneNumberFormatter) -> String {
        switch self {
        case .phone(let number): formatter.formatted(number)
        case .email(let address): address
        }
    }

    /// The masked form.
    public var description: String { masked }

    /// Parses what a person typed. Of a phone number, the separators, invisible marks and
    /// full-width forms people type are read as `PhoneNumbering.dialableDigits(of:)` reads
    /// them; `parser` then reads the digits, in `region` when they have no `+` (see
    /// `StandardPhoneNumberParser`). A number read in China or with `+86` that is no valid
    /// number is refused as ``DestinationProblem/invalidChinaMobile``, whose words say what a
    /// mainland mobile looks like; a valid landline is a destination (its code comes by call),
    /// which a screen refuses by its number types (`VerificationConfig.acceptedNumberTypes`:
    /// mobiles only in China by default).
    /// - Parameters:
    ///   - input: the text as typed.
    ///   - region: where a number without `+` is read; with none, such a number is refused
    ///     (`PhoneNumberProblem.missingCountryCode(example:)`).
    ///   - parser: reads the phone number; the built-in one by default.
    public static func parse(
        _ input: String, region: PhoneRegion? = nil, parser: some PhoneNumberParser = StandardPhoneNumberParser()
    ) -> Result<Destination, DestinationProblem> {
        // Bounded before any Unicode work, whose cost grows faster than the text (a run of
        // combining marks in reverse canonical order is quadratic to normalise): no phone number
        // or address as people type one comes near this many bytes.
        guard input.utf8.count <= Self.longestInput else {
            return .failure(input.utf8.contains(UInt8(ascii: "@")) ? .invalidEmail : .phone(.tooLong))
        }
        // Only characters beyond ASCII can be full-width.
        let text = (input.utf8.allSatisfy { $0 < 0x80 } ? input : String(input.map(Self.halfWidth))).trimmingWhitespace
        if text.isEmpty { return .failure(.empty) }
        if text.utf8.contains(UInt8(ascii: "@")) { return parseEmail(text) }
        guard let compact = PhoneNumbering.dialableDigits(of: text) else { return .failure(.phone(.invalid)) }
        // Read in China (not dialled abroad with 00), or with +86: no mainland China mobile.
        let readInChina =
            compact.hasPrefix("+86")
            || (!compact.hasPrefix("+") && !compact.hasPrefix("00") && region?.identifier == "CN")
        return parser.parse(compact, region: region).mapError { problem in
            problem == .invalid && readInChina ? .invalidChinaMobile : .phone(problem)
        }.flatMap { number in
            // Whatever parser read it, only an E.164 number (+, a country code, 4 to 15 digits)
            // is taken: the service and the store get nothing else.
            guard number.hasPrefix("+"), let phone = Destination(normalized: number) else {
                return .failure(.phone(.invalid))
            }
            return .success(phone)
        }
    }

    /// The most UTF-8 bytes a destination as typed may have: four for each of an address's 254
    /// characters; anything longer is refused before it is read.
    public static let longestInput = 1_016

    /// The destination a store or a server holds in its normal form (`+` and 4 to 15 digits
    /// after a known country code, or an e-mail address), nil when `normalized` is not one. An
    /// e-mail address is read again and given in today's form: a store written by an older
    /// release may hold its domain in Punycode.
    public init?(normalized: String) {
        if normalized.utf8.contains(UInt8(ascii: "@")) {
            guard case .success(let email) = Self.parseEmail(normalized) else { return nil }
            self = email
            return
        }
        let digits = normalized.utf8.dropFirst()
        guard normalized.hasPrefix("+"), (4...15).contains(digits.count),
            digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let code = PhoneNumbering.callingCode(of: normalized), digits.count > code.count
        else { return nil }
        self = .phone(normalized)
    }

    /// An address as people give one: a local part of up to 64 characters (plus-addressing
    /// included; no spaces, no leading, trailing or doubled dot, none of `"(),:;<>[\]`, no control
    /// or format character: a bidi control such as U+202E would reverse what a log or a screen
    /// shows around it), `@`, and a domain of letters of any script, digits and hyphens in
    /// dot-separated labels of up to 63 characters (no hyphen at either end; 63 in its ASCII
    /// form), whose last label has two or more characters and not only digits; 254 characters in
    /// all. The local part keeps its case, since only its own server may fold it, and is put in
    /// NFC (RFC 6530 §10.1), so that `josé` typed precomposed or with a combining accent is one
    /// mailbox. The domain has one form, so that two spellings of one mailbox are one
    /// destination (``normalizedDomain(_:)``).
    private static func parseEmail(_ text: String) -> Result<Destination, DestinationProblem> {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        // 254 characters at most, counted in scalars: a grapheme may hold any number of marks.
        guard parts.count == 2, text.unicodeScalars.count <= 254, let domain = normalizedDomain(parts[1]) else {
            return .failure(.invalidEmail)
        }
        // Bounded already (longestInput, and 254 scalars): NFC's cost stays small.
        let local =
            parts[0].unicodeScalars.allSatisfy(\.isASCII)
            ? String(parts[0]) : String(parts[0]).precomposedStringWithCanonicalMapping
        let forbidden = Set("\"(),:;<>[\\]")
        guard !local.isEmpty, local.count <= 64, local.first != ".", local.last != ".", !local.contains(".."),
            local.allSatisfy({ !$0.isWhitespace && !forbidden.contains($0) && !isControlOrFormat($0) })
        else { return .failure(.invalidEmail) }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2,
            labels.allSatisfy({ label in
                !label.isEmpty && asciiLength(of: label) <= 63 && label.first != "-" && label.last != "-"
                    && label.unicodeScalars.allSatisfy(isDomainScalar)
            }),
            let last = labels.last, last.count >= 2, !last.allSatisfy({ $0.isASCII && $0.isNumber }),
            labels.map(asciiLength).reduce(labels.count - 1, +) <= 253
        else { return .failure(.invalidEmail) }
        return .success(.email("\(local)@\(domain)"))
    }

    /// A domain in its one form: mapped by UTS 46 (`UTS46`, IDNA compatibility processing,
    /// nontransitional, with UseSTD3ASCIIRules, from the table of the pinned idna release), which
    /// lowercases, folds compatibility forms (`𝐞` to `e`, `ﬀ` to `ff`, full-width letters),
    /// maps the ideographic and full-width dots (`。` `．` `｡`) to `.`, removes what it ignores (a
    /// combining grapheme joiner, a variation selector, a soft hyphen) and gives NFC; then each
    /// label that is Punycode (`xn--bcher-kva`) decoded (`bücher`). So every spelling UTS 46 maps
    /// to one domain is one destination: `Bücher.DE`, `xn--bcher-kva.de` and `bu` with a combining
    /// diaeresis and `cher.de` are all `bücher.de`, `𝐞xample.com` is `example.com`. Nil when a
    /// scalar is disallowed (or ASCII other than letters, digits, `-` and `.`), or a label is
    /// `xn--` but no valid Punycode of a label already in this form.
    static func normalizedDomain(_ domain: Substring) -> String? {
        guard let mapped = UTS46.map(domain) else { return nil }
        var labels: [Substring] = []
        for label in mapped.split(separator: ".", omittingEmptySubsequences: false) {
            guard label.hasPrefix("xn--") else {
                labels.append(label)
                continue
            }
            let encoded = label.dropFirst(4)
            // An A-label stands for a label already in its one form, of which it is the
            // Punycode, with no `--` in its third and fourth places (RFC 5891): so the label it
            // gives is mapped again the same way, and no other spelling can alias it. Compared
            // scalar by scalar: `==` on strings holds for canonically equivalent ones, and a
            // decomposed `ü` would then pass for its NFC form while its bytes, as stored, differ.
            guard let decoded = Punycode.decode(encoded), !decoded.unicodeScalars.allSatisfy(\.isASCII),
                UTS46.map(decoded[...])?.unicodeScalars.elementsEqual(decoded.unicodeScalars) == true,
                Punycode.encode(decoded) == encoded,
                !(decoded.count >= 4 && Array(decoded)[2...3] == ["-", "-"])
            else { return nil }
            labels.append(decoded[...])
        }
        return labels.joined(separator: ".")
    }

    /// A label's length in its ASCII form: `xn--` and its Punycode when it is not ASCII.
    private static func asciiLength(of label: Substring) -> Int {
        label.unicodeScalars.allSatisfy(\.isASCII) ? label.count : 4 + Punycode.encode(String(label)).count
    }

    /// A letter or mark of any script, a decimal digit, or a hyphen.
    private static func isDomainScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
            return true
        default:
            return scalar == "-"
        }
    }

    /// A control character (`Cc`), or a format character (`Cf`: bidi controls and isolates,
    /// zero-width joiners, the soft hyphen), which changes how the text around it is shown.
    private static func isControlOrFormat(_ character: Character) -> Bool {
        character.unicodeScalars.contains { [.control, .format].contains($0.properties.generalCategory) }
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
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum DestinationProblem: Error, Hashable, Sendable {
    /// Nothing was typed.
    case empty
    /// Not a valid e-mail address.
    case invalidEmail
    /// A number read in mainland China that is no valid number: its words say what a mainland
    /// mobile looks like (11 digits starting with 1). A valid landline is no such problem: a
    /// screen that takes mobiles alone there says ``numberTypeNotAccepted(accepted:)``.
    case invalidChinaMobile
    /// A number of a type the screen does not take in its region (`VerificationConfig`'s
    /// `acceptedNumberTypes`): `accepted` are the types it takes there.
    case numberTypeNotAccepted(accepted: Set<PhoneNumberType>)
    /// Not a phone number: why, as the parser tells.
    case phone(PhoneNumberProblem)
}

extension String {
    /// The text without the white space (as `Character.isWhitespace` tells) at either end.
    var trimmingWhitespace: String {
        // Of ASCII, only the tab, the line breaks and the space are white space.
        if utf8.allSatisfy({ $0 < 0x80 }) {
            let blank = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
            guard let first = utf8.firstIndex(where: { !blank($0) }), let last = utf8.lastIndex(where: { !blank($0) })
            else { return "" }
            return String(self[first...last])
        }
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
