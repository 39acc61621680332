/// The built-in formatter: libphonenumber's formats from its metadata.
///
/// - ``formatted(_:)`` is the international format: `+`, the country code, a space, then the
///   national number in its region's groups (`+55 11 96123-4567`, `+33 6 12 34 56 78`,
///   `+44 7400 123456`, `+81 90-1234-5678`); a number no format fits keeps its national number
///   whole.
/// - ``masked(_:)`` writes the same, with the country code and the first group of the national
///   number whole, up to the last four digits shown, and the digits between them as `•`
///   (`+55 11 •••••-4567`). At least three digits are always hidden: after a long first group
///   fewer are shown at the end (`+44 7911 •••456`), and a number of one group shows only its
///   end (`+290 •••3`).
/// - ``national(_:)`` is the national format, as the number's own region writes it.
public struct StandardPhoneNumberFormatter: PhoneNumberFormatter {
    /// The formatter.
    public init() {}

    private var store: MetadataStore { .shared }

    public func formatted(_ number: String) -> String {
        guard let (code, national) = split(number) else { return number }
        return "+" + code + " " + grouped(national, code: code, national: false)
    }

    public func masked(_ number: String) -> String {
        guard let (code, national) = split(number) else { return Self.mask(Substring(number), shownHead: 1) }
        let groups = grouped(national, code: code, national: false)
        let firstGroup = groups.prefix { $0.isNumber }.count
        return "+" + code + " " + Self.mask(Substring(groups), shownHead: firstGroup < national.count ? firstGroup : 0)
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

    /// `text` with its digits as `•` but the first `shownHead` and up to four last ones, so
    /// that at least three are hidden.
    static func mask(_ text: Substring, shownHead: Int) -> String {
        let count = text.filter(\.isNumber).count
        let head = min(shownHead, max(0, count - 3))
        let tail = min(4, max(0, count - head - 3))
        var index = 0
        return String(
            text.map { character -> Character in
                guard character.isNumber else { return character }
                defer { index += 1 }
                return index < head || index >= count - tail ? character : "•"
            })
    }
}
