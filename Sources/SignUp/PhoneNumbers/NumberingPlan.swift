/// One region's line of ``CallingCodeTable``: its calling code, prefixes and number lengths.
struct NumberingPlan: Hashable, Sendable {
    /// ISO 3166-1 alpha-2, or `001` for an international network.
    let region: String
    /// The country calling code, without `+`.
    let callingCode: String
    /// The national (trunk) prefixes, longest first.
    let trunkPrefixes: [String]
    /// The international call prefixes, longest first.
    let internationalPrefixes: [String]
    /// How many digits a national significant number has, when known.
    let lengths: ClosedRange<Int>?
    /// The digits a number for text messages starts with, when one rule says so.
    let mobileStart: String?

    /// A plan with no code, no prefixes and no lengths.
    static let empty = NumberingPlan(
        region: "", callingCode: "", trunkPrefixes: [], internationalPrefixes: [], lengths: nil, mobileStart: nil)

    /// The plans of ``CallingCodeTable``, read once.
    static let all: [NumberingPlan] = CallingCodeTable.text.split(separator: "\n").compactMap(NumberingPlan.init)

    /// The plan of each region, by its upper-case ISO code.
    static let byRegion: [String: NumberingPlan] = Dictionary(
        all.filter { $0.region != "001" }.map { ($0.region, $0) }, uniquingKeysWith: { first, _ in first })

    /// The plans that share each calling code.
    static let byCallingCode: [String: [NumberingPlan]] = Dictionary(grouping: all, by: \.callingCode)

    /// The calling code at the start of `digits`: E.164 codes are a prefix code, so at most one
    /// of the first one, two or three digits is assigned.
    static func callingCode(atStartOf digits: some StringProtocol) -> String? {
        for length in 1...3 where digits.count >= length {
            let candidate = String(digits.prefix(length))
            if byCallingCode[candidate] != nil { return candidate }
        }
        return nil
    }

    private init(
        region: String, callingCode: String, trunkPrefixes: [String], internationalPrefixes: [String],
        lengths: ClosedRange<Int>?, mobileStart: String?
    ) {
        (self.region, self.callingCode, self.trunkPrefixes) = (region, callingCode, trunkPrefixes)
        (self.internationalPrefixes, self.lengths, self.mobileStart) = (internationalPrefixes, lengths, mobileStart)
    }

    /// Reads one line of the table; nil for a malformed one (the table's test lists none).
    private init?(line: Substring) {
        let fields = line.split(separator: " ").map(String.init)
        guard fields.count == 5 || fields.count == 6 else { return nil }
        let list: (String) -> [String] = { field in
            field == "-" ? [] : field.split(separator: ",").map(String.init).sorted { $0.count > $1.count }
        }
        region = fields[0]
        callingCode = fields[1]
        trunkPrefixes = list(fields[2])
        internationalPrefixes = list(fields[3])
        let bounds = fields[4].split(separator: "-").compactMap { Int($0) }
        lengths = bounds.isEmpty ? nil : bounds[0]...bounds[bounds.count - 1]
        mobileStart = fields.count == 6 ? fields[5] : nil
    }
}
