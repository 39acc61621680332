/// The built-in parser: libphonenumber's parsing rules over its metadata (generated into this
/// module from the pinned release; ``PhoneNumbering/dataVersion``).
///
/// - `+` and a country code: the rest is the national number.
/// - An international prefix of the region (`00`, `011` in the NANP, `00` and a carrier in
///   Brazil, `810` in Russia) reads like `+`.
/// - The region's own country code written without `+` is dropped when only that makes a
///   number of the region (`86 138 1234 5678` in China).
/// - What the region's plan allows before a national number is dropped, or rewritten, when what
///   is left is a possible number: the trunk prefix (`0`, `1` in the NANP), a carrier code
///   (Brazil's `0 21 11 …`, `0xx11 …`), Argentina's `0` and `15` (`011 15-2345-6789` is
///   `+54 9 11 2345-6789`). Also after a country code: `+44 (0)20 …`.
/// - The national number must then have a length the plan allows (a number without its area
///   code does not do), be a number of one of the plan's types (libphonenumber's valid number:
///   a mobile one digit short is refused even where a landline has its length), and make at
///   most 15 digits with its code.
public struct StandardPhoneNumberParser: PhoneNumberParser {
    /// The parser.
    public init() {}

    private var store: MetadataStore { .shared }

    public func parse(_ number: String, region: PhoneRegion?) -> Result<String, PhoneNumberProblem> {
        let digits = Substring(number)
        if digits.hasPrefix("+") { return international(digits.dropFirst()) }
        guard let region, let metadata = store.metadata(region.identifier) else {
            return .failure(.missingCountryCode(example: region))
        }
        if let prefix = metadata.internationalPrefix?.matchAtStart(digits), prefix.end > digits.startIndex {
            let rest = digits[prefix.end...]
            // A `0` after the prefix is no country code: the prefix was part of the number.
            if rest.first != "0" { return international(rest) }
        }
        return national(withoutOwnCode(digits, metadata), metadata: metadata)
    }

    /// A number after `+` or an international prefix: its country code, then its national number.
    private func international(_ digits: Substring) -> Result<String, PhoneNumberProblem> {
        guard digits.count > 2 else { return .failure(.invalid) }
        guard let code = store.callingCode(atStartOf: digits), let metadata = store.metadata(forCallingCode: code)
        else { return .failure(.unknownCountryCode(String(digits.prefix(digits.first == "0" ? 1 : 3)))) }
        return national(digits.dropFirst(code.count), metadata: metadata)
    }

    /// The digits without the region's own country code, when they start with it and only
    /// without it (and what may follow it) are they a number of the region, or with it too long.
    private func withoutOwnCode(_ digits: Substring, _ metadata: PhoneMetadata) -> Substring {
        guard digits.hasPrefix(metadata.callingCode) else { return digits }
        let rest = Self.strippingNationalPrefix(digits.dropFirst(metadata.callingCode.count), metadata)
        let general = metadata.general.pattern
        if (!general.matchesWhole(digits) && general.matchesWhole(rest))
            || metadata.lengthFit(of: digits.count) == .tooLong
        {
            return rest
        }
        return digits
    }

    /// `+`, the calling code and the national number once what may come before it is dropped,
    /// when its length and digits are right for the region.
    private func national(_ typed: Substring, metadata: PhoneMetadata) -> Result<String, PhoneNumberProblem> {
        var national = typed
        let stripped = Self.strippingNationalPrefix(typed, metadata)
        switch metadata.lengthFit(of: stripped.count) {
        case .tooShort, .localOnly, .invalidLength: break
        case .possible, .tooLong: national = stripped
        }
        let code = metadata.callingCode
        guard code.count + national.count <= 15 else { return .failure(.tooLong) }
        // A number of any region of the code will do (a Canadian number typed in the US); the
        // others are looked at (and compiled) only when the region's own plan refuses it.
        let siblings = store.keysByCallingCode[code, default: []].lazy.compactMap { store.metadata($0) }
        let anyRegion = { (test: (PhoneMetadata) -> Bool) in test(metadata) || siblings.contains(where: test) }
        guard anyRegion({ $0.lengthFit(of: national.count) == .possible }) else {
            return .failure(.wrongLength(callingCode: code, expected: Self.lengths(metadata), found: national.count))
        }
        guard anyRegion({ $0.type(of: national) != nil }) else {
            // A prefix kept only because the number without it is too short or long: that is
            // what is wrong (`06 12 34 56 7` in France).
            if stripped.count < national.count, metadata.lengthFit(of: stripped.count) != .possible {
                return .failure(
                    .wrongLength(callingCode: code, expected: Self.lengths(metadata), found: stripped.count))
            }
            return .failure(.invalid)
        }
        return .success("+" + code + national)
    }

    /// The lengths of the region's national numbers.
    private static func lengths(_ metadata: PhoneMetadata) -> [Int] { metadata.general.lengths }

    /// `digits` without the national prefix or carrier code the region allows before a national
    /// number, rewritten by the region's rule where it has one (libphonenumber's rules: nothing
    /// is dropped when the digits were a number of the region and would no longer be).
    static func strippingNationalPrefix(_ digits: Substring, _ metadata: PhoneMetadata) -> Substring {
        guard !digits.isEmpty, let prefix = metadata.nationalPrefixForParsing,
            let match = prefix.matchAtStart(digits)
        else { return digits }
        let general = metadata.general.pattern
        let wasViable = general.matchesWhole(digits)
        let result: Substring
        if let transform = metadata.nationalPrefixTransform, let last = match.groups.last, last != nil {
            result = Substring(NumberPattern.expand(transform, groups: match.groups) + digits[match.end...])
        } else {
            result = digits[match.end...]
        }
        return wasViable && !general.matchesWhole(result) ? digits : result
    }
}
