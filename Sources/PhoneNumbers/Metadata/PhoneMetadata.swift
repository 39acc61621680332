/// One region's numbering, from libphonenumber's metadata (``PhoneNumberData``): its calling
/// code, prefixes, the pattern and lengths of each number type, and its formats.
///
/// Made on first use of the region (``MetadataStore``), when its patterns are compiled.
final class PhoneMetadata: Sendable {
    /// ISO 3166-1 alpha-2 code, or `001` for a network of no region.
    let region: String
    /// The country calling code, without `+`.
    let callingCode: String
    /// Whether this region's formats and lengths stand for its calling code (`US` for `1`).
    let isMainForCallingCode: Bool
    /// The international call prefixes dialled from this region (`00`, `011`, `810`).
    let internationalPrefix: NumberPattern?
    /// The trunk prefix dialled before a national number (`0`, `1` in the NANP), for formatting.
    let nationalPrefix: String?
    /// What may come before a national number as typed: the trunk prefix, a carrier code,
    /// Argentina's `15`; its groups feed ``nationalPrefixTransform``.
    let nationalPrefixForParsing: NumberPattern?
    /// The national number that what ``nationalPrefixForParsing`` matched stands for (`9$1`).
    let nationalPrefixTransform: String?
    /// The leading digits that tell this region's numbers among those of a shared calling code.
    let leadingDigits: NumberPattern?
    /// Every national significant number of the region, and its possible lengths.
    let general: NumberDescription
    /// The pattern and lengths of each number type the region has.
    let types: [(type: PhoneNumberType, description: NumberDescription)]
    /// The formats for numbers written nationally, in order of preference.
    let nationalFormats: [NumberFormat]
    /// The formats for numbers written internationally; empty: the national ones.
    let internationalFormats: [NumberFormat]

    /// The region made from its lines of the data: an `R` line, then its `D`, `N` and `I` lines.
    /// Nil for lines that are not one region (the data's test reads every region).
    init?(lines: [Substring]) {
        let header = lines.first.map(Self.fields) ?? []
        guard header.count == 10, header[0] == "R" else { return nil }
        guard let region = header[1], let callingCode = header[2] else { return nil }
        self.region = region
        self.callingCode = callingCode
        isMainForCallingCode = header[3] == "main"
        internationalPrefix = header[4].map(NumberPattern.init)
        nationalPrefix = header[6]
        nationalPrefixForParsing = header[7].map(NumberPattern.init)
        nationalPrefixTransform = header[8]
        leadingDigits = header[9].map(NumberPattern.init)
        var general: NumberDescription?
        var types: [(PhoneNumberType, NumberDescription)] = []
        var national: [NumberFormat] = []
        var international: [NumberFormat] = []
        for line in lines.dropFirst() {
            let fields = Self.fields(line)
            switch (fields.first, fields.count) {
            case ("D", 5):
                let description = NumberDescription(
                    pattern: NumberPattern(fields[2] ?? ""), lengths: Self.lengths(fields[3]),
                    localLengths: Self.lengths(fields[4]))
                if fields[1] == "general" {
                    general = description
                } else if let type = fields[1].flatMap(PhoneNumberType.init(dataName:)) {
                    types.append((type, description))
                }
            case ("N", 7):
                national.append(Self.format(fields))
            case ("I", 4):
                international.append(Self.format(fields))
            default:
                return nil
            }
        }
        guard let general else { return nil }
        self.general = general
        self.types = types
        nationalFormats = national
        internationalFormats = international
    }

    /// The tab-separated fields of a line, `-` read as nil.
    private static func fields(_ line: Substring) -> [String?] {
        // As UTF-8 (the data is ASCII): by Characters, a region's lines took as long as its patterns.
        line.utf8.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { field in
            field.elementsEqual("-".utf8) ? nil : String(Substring(field))
        }
    }

    private static func lengths(_ field: String?) -> [Int] {
        field?.split(separator: ",").compactMap { Int($0) } ?? []
    }

    private static func format(_ fields: [String?]) -> NumberFormat {
        NumberFormat(
            pattern: NumberPattern(fields[1] ?? ""), template: fields[2] ?? "",
            leadingDigitsPatterns: fields[3]?.split(separator: " ").map { NumberPattern(String($0)) } ?? [],
            nationalPrefixRule: fields.count > 4 ? fields[4] : nil,
            nationalPrefixIsOptional: fields.count > 5 && fields[5] == "1",
            hasCarrierCodeRule: fields.count > 6 && fields[6] == "1")
    }

    /// How a national number's length fits the region (libphonenumber's length test).
    func lengthFit(of count: Int) -> LengthFit {
        let lengths = general.lengths
        guard let shortest = lengths.first, let longest = lengths.last else { return .invalidLength }
        if lengths.contains(count) { return .possible }
        if general.localLengths.contains(count) { return .localOnly }
        if count < shortest { return .tooShort }
        return count > longest ? .tooLong : .invalidLength
    }

    /// The type of `national`, a national significant number of this region, in
    /// libphonenumber's order; nil when it is none of the region's numbers.
    func type(of national: Substring) -> PhoneNumberType? {
        guard general.pattern.matchesWhole(national) else { return nil }
        // As libphonenumber matches a type: its lengths first (none listed: any), then its pattern;
        // one pass, and no pattern run for a type that could not win.
        let length = national.count
        let ranked = PhoneNumberType.checkedBeforeFixedLine
        var best = ranked.endIndex
        var (fixedLine, mobile) = (false, false)
        for (type, description) in types
        where description.lengths.isEmpty || description.lengths.contains(length) {
            if let rank = ranked.firstIndex(of: type) {
                if rank < best, description.pattern.matchesWhole(national) { best = rank }
            } else if type == .fixedLine, best == ranked.endIndex {
                fixedLine = description.pattern.matchesWhole(national)
            } else if type == .mobile, best == ranked.endIndex {
                mobile = description.pattern.matchesWhole(national)
            }
        }
        if best < ranked.endIndex { return ranked[best] }
        if fixedLine { return mobile ? .fixedLineOrMobile : .fixedLine }
        return mobile ? .mobile : nil
    }

    /// How a national number's length fits a region.
    enum LengthFit {
        case possible, localOnly, tooShort, tooLong, invalidLength
    }
}
