/// The built-in formatter: libphonenumber's formats from its metadata.
///
/// - ``formatted(_:)`` is the international format: `+`, the country code, a space, then the
///   national number in its region's groups (`+55 11 96123-4567`, `+33 6 12 34 56 78`,
///   `+44 7400 123456`, `+81 90-1234-5678`); a number no format fits keeps its national number
///   whole.
/// - ``masked(_:)`` writes the same with its digits as `•` but the country code, the area code
///   (libphonenumber's geographical area code: none for most mobiles) and at most four last
///   digits, never more than half the national number's (`+55 11 •••••-4567`,
///   `+44 •••• ••3456`).
/// - ``national(_:)`` is the national format, as the number's own region writes it.
public struct StandardPhoneNumberFormatter: PhoneNumberFormatter {
    /// The formatter.
    public init() {}

    private var store: MetadataStore { .shared }

    public func formatted(_ number: String) -> String {
        guard let (code, national) = split(number) else { return number }
        return "+" + code + " " + grouped(national, code: code, national: false)
    }

    /// The number in its international format (as ``formatted(_:)``) with its digits as `•`
    /// but the country code, the area code and a few last digits, to show on screen after a
    /// send or in logs.
    ///
    /// - The area code kept is libphonenumber's geographical area code (what
    ///   `PhoneNumberUtil.getLengthOfGeographicalAreaCode` counts): the first group of the
    ///   national number in international format, for a fixed line, a number that may be
    ///   either (the NANP's), or a mobile of a plan whose mobiles have area codes (Brazil,
    ///   Mexico, Indonesia, and Argentina, where it includes the mobile token `9`). There is
    ///   none for another mobile (a UK or Chinese mobile's first digits tell its network, not
    ///   where it is), a toll-free, premium-rate or other number of no place, a number of a
    ///   plan without a national prefix (Hong Kong, Singapore: a closed plan), but for Mexico's
    ///   and a number with a leading zero (Italy's), nor a number of an international network.
    /// - Of a national number of `n` digits, the last `min(4, n / 2)` are shown: a number
    ///   without an area code never shows more than half of it.
    /// - At least three digits are always hidden: after a long area code fewer are shown at the
    ///   end (`+976 5312 •••6`, a Mongolian landline of eight digits).
    /// - The format's spaces and punctuation stay.
    ///
    /// `+54 9 11 ••••-6789`, `+55 11 •••••-4567`, `+1 415-•••-0100`, `+39 06 •••• 5678`;
    /// `+852 •••• 4567`, `+65 •••• 4567`, `+44 •••• ••3456`, `+86 ••• •••• 5678`,
    /// `+290 •••3`. A number of no known country code is all `•` but its last digits.
    /// - Parameter number: an E.164 number (`+5491123456789`).
    public func masked(_ number: String) -> String {
        guard let (code, national) = split(number) else { return Self.mask(Substring(number), shownHead: 0) }
        let written = grouped(national, code: code, national: false)
        let areaCode = areaCodeLength(of: national, code: code, written: written)
        return "+" + code + " " + Self.mask(Substring(written), shownHead: areaCode)
    }

    /// The number in its region's national format (`(11) 96123-4567`, `06 12 34 56 78`), nil
    /// when it has no country code of the data.
    public func national(_ number: String) -> String? {
        guard let (code, national) = split(number) else { return nil }
        return grouped(national, code: code, national: true)
    }

    /// The country code and national number of an E.164 number, nil when it has no known code.
    private func split(_ number: String) -> (code: String, national: Substring)? {
        let digits = number.hasPrefix("+") ? Substring(number).dropFirst() : Substring(number)
        guard let code = store.callingCode(atStartOf: digits), digits.count > code.count else { return nil }
        return (code, digits.dropFirst(code.count))
    }

    /// `national` in the groups of the first format of its calling code that fits it.
    private func grouped(_ national: Substring, code: String, national nationally: Bool) -> String {
        // The formats of the code's main region, for every region that shares it (as libphonenumber).
        guard let metadata = store.metadata(forCallingCode: code) else { return String(national) }
        let formats =
            nationally || metadata.internationalFormats.isEmpty
            ? metadata.nationalFormats : metadata.internationalFormats
        guard let format = formats.first(where: { $0.applies(to: national) }) else { return String(national) }
        var template = format.template
        // The national prefix rule (`0$1`, `($1)`) writes the template's first group, whichever it is.
        if nationally, let rule = format.nationalPrefixRule,
            let dollar = template.indices.first(where: { index in
                template[index] == "$" && template[template.index(after: index)...].first?.isNumber == true
            })
        {
            let first = dollar..<template.index(dollar, offsetBy: 2)
            template.replaceSubrange(first, with: rule.replacing("$1", with: template[first]))
        }
        return format.pattern.substitute(template, in: national) ?? String(national)
    }

    /// libphonenumber's length of the geographical area code of `national`, a national number
    /// of `code` whose international format (after the code) is `written`: its
    /// `getLengthOfGeographicalAreaCode`, from this module's metadata and the rules of
    /// libphonenumber's code (`PhoneNumberData.mobileTokens` and the sets beside it).
    private func areaCodeLength(of national: Substring, code: String, written: String) -> Int {
        guard let metadata = store.metadata(ofNational: national, callingCode: code), metadata.region != "001"
        else { return 0 }
        // A plan without a national prefix is closed, with no area codes; but for a few plans, and
        // a number with a leading zero (libphonenumber's "Italian leading zero").
        let leadingZero = national.count > 1 && national.first == "0"
        if metadata.nationalPrefix == nil, !leadingZero,
            !PhoneNumberData.codesWithAreaCodesWithoutNationalPrefix.contains(code)
        {
            return 0
        }
        let type = metadata.type(of: national)
        switch type {
        case .fixedLine?, .fixedLineOrMobile?: break
        case .mobile?
        where PhoneNumberData.geographicalMobileCodes.contains(code)
            && !PhoneNumberData.geographicalMobileCodesWithoutAreaCodes.contains(code):
            break
        default: return 0
        }
        // The national destination code: the first group after the calling code when another
        // follows it, with the group after it where a mobile token comes first (`+54 9 11 …`).
        let groups = Self.digitGroups("+" + code + " " + written)
        guard groups.count > 3 else { return 0 }
        if type == .mobile, PhoneNumberData.mobileTokens[code] != nil { return groups[2].count + groups[3].count }
        return groups[2].count
    }

    /// `text` split at each run of what is not a digit, as Python's `re.split(r"\D+", text)`:
    /// an empty group before a leading non-digit, and after a trailing one.
    static func digitGroups(_ text: String) -> [Substring] {
        var groups: [Substring] = []
        var start = text.startIndex
        var index = start
        while index < text.endIndex {
            guard !text[index].isNumber else {
                index = text.index(after: index)
                continue
            }
            groups.append(text[start..<index])
            while index < text.endIndex, !text[index].isNumber { index = text.index(after: index) }
            start = index
        }
        groups.append(text[start...])
        return groups
    }

    /// `text` with its digits as `•` but the first `shownHead` and the last `min(4, n / 2)` of
    /// its `n`, so that at least three are hidden (fewer shown at the end, then at the start).
    static func mask(_ text: Substring, shownHead: Int) -> String {
        let count = text.filter(\.isNumber).count
        let head = min(shownHead, max(0, count - 3))
        let tail = min(4, count / 2, max(0, count - head - 3))
        var index = 0
        return String(
            text.map { character -> Character in
                guard character.isNumber else { return character }
                defer { index += 1 }
                return index < head || index >= count - tail ? character : "•"
            })
    }
}
