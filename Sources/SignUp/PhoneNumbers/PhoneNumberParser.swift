/// Reads a phone number as a person typed it into its E.164 form. The models use
/// ``StandardPhoneNumberParser`` unless ``VerificationConfig/phoneParser`` names another — an
/// app that ships a port of libphonenumber, say, hands the models that.
public protocol PhoneNumberParser: Hashable, Sendable {
    /// The E.164 form of `number` (`+` and up to 15 digits), or why it is not a number. An
    /// answer that is not an E.164 number of a known country code is refused as
    /// ``DestinationProblem/invalidPhone``.
    /// - Parameters:
    ///   - number: ASCII digits, with a leading `+` when one was typed (`+33612345678`,
    ///     `0612345678`): spaces, dashes, dots, brackets, invisible formatting marks and
    ///     full-width forms are already removed.
    ///   - region: the region a number without `+` is read in; nil when none is known.
    func parse(_ number: String, region: PhoneRegion?) -> Result<String, DestinationProblem>
}

/// The built-in parser: every ITU-T E.164 country calling code, with each region's trunk
/// prefix, international prefixes and number lengths (`CallingCodeTable`).
///
/// - `+` and a country code: the rest is the national number; a trunk prefix written after the
///   code (`+44 (0)20 …`) is dropped as in a national number.
/// - An international prefix of the region (`00`, `011` in the NANP, `010` in Japan, …) reads
///   like `+`.
/// - Otherwise the number is national: a leading trunk prefix is dropped — always when it starts
///   with `0` (no national number does), else (`1` in the NANP, `8` where it still applies) when
///   that makes the length right — and so is the region's own country code written without `+`
///   when only that makes the length right (`86 138 1234 5678` in China).
/// - The national number must have the lengths the region's plan allows, and E.164's 15 digits
///   in all; a mainland China number must be a mobile one (11 digits starting with 1).
public struct StandardPhoneNumberParser: PhoneNumberParser {
    /// The parser.
    public init() {}

    public func parse(_ number: String, region: PhoneRegion?) -> Result<String, DestinationProblem> {
        if number.hasPrefix("+") { return international(number.dropFirst()) }
        guard let region else { return .failure(.missingCountryCode) }
        let plan = region.plan
        if let prefix = plan.internationalPrefixes.first(where: { number.hasPrefix($0) && number.count > $0.count }) {
            return international(number.dropFirst(prefix.count))
        }
        var national = Substring(number)
        if let trunk = plan.trunkPrefixes.first(where: { national.hasPrefix($0) }),
            trunk.hasPrefix("0") || fits(national.count - trunk.count, plan) || !fits(national.count, plan)
        {
            national = national.dropFirst(trunk.count)
        }
        if !fits(national.count, plan), national.hasPrefix(plan.callingCode),
            fits(national.count - plan.callingCode.count, plan)
        {
            national = national.dropFirst(plan.callingCode.count)
        }
        return checked(national, plans: [plan], callingCode: plan.callingCode)
    }

    /// A number after `+` (or an international prefix): country code, then national number.
    private func international(_ digits: Substring) -> Result<String, DestinationProblem> {
        guard !digits.isEmpty else { return .failure(.invalidPhone) }
        guard let code = NumberingPlan.callingCode(atStartOf: digits), let plans = NumberingPlan.byCallingCode[code]
        else { return .failure(.unknownCountryCode(String(digits.prefix(digits.first == "0" ? 1 : 3)))) }
        var national = digits.dropFirst(code.count)
        // "+44 (0)20 …": the trunk prefix some write after the country code, dropped when the
        // rest is a number of the right length.
        let trunks = Set(plans.flatMap(\.trunkPrefixes))
        if let trunk = trunks.sorted(by: { $0.count > $1.count }).first(where: { national.hasPrefix($0) }),
            trunk.hasPrefix("0") || plans.contains(where: { fits(national.count - trunk.count, $0) })
        {
            national = national.dropFirst(trunk.count)
        }
        return checked(national, plans: plans, callingCode: code)
    }

    /// `+`, the code and `national`, once its length and start are right for one of `plans`.
    private func checked(
        _ national: Substring, plans: [NumberingPlan], callingCode: String
    ) -> Result<String, DestinationProblem> {
        guard callingCode.count + national.count <= 15 else { return .failure(.tooLong) }
        guard plans.contains(where: { fits(national.count, $0) }) else {
            let lengths = plans.compactMap(\.lengths)
            let expected = (lengths.map(\.lowerBound).min() ?? 1)...(lengths.map(\.upperBound).max() ?? 15)
            return .failure(.wrongLength(callingCode: callingCode, expected: expected, found: national.count))
        }
        // A trunk prefix left at the start ("+33 0 0612…") is no number.
        if national.first == "0", plans.allSatisfy({ $0.trunkPrefixes.contains("0") }) {
            return .failure(.invalidPhone)
        }
        if let start = plans.compactMap(\.mobileStart).first, plans.count == 1, !national.hasPrefix(start) {
            return .failure(.invalidChinaMobile)
        }
        return .success("+" + callingCode + national)
    }

    private func fits(_ count: Int, _ plan: NumberingPlan) -> Bool {
        guard count >= 1 else { return false }
        return plan.lengths?.contains(count) ?? (count <= 15 - plan.callingCode.count)
    }
}
