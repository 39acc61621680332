/// How one kind of national number is written: the pattern it matches, in groups, and the
/// template that writes the groups (`$1 $2-$3`). A class: the as-you-type formatter keeps its
/// candidates in an array it narrows with every digit, and a reference copies in one retain.
final class NumberFormat: Sendable {
    /// The whole national number, in capturing groups.
    let pattern: NumberPattern
    /// The groups written out: `$1`, `$2`, … and separators.
    let template: String
    /// The digits a number must start with for this format, each pattern more detailed than
    /// the one before (the as-you-type formatter narrows by them as digits come); empty: any.
    let leadingDigitsPatterns: [NumberPattern]
    /// How the first group is written in national format (`0$1`, `($1)`); nil: as it is.
    let nationalPrefixRule: String?
    /// Whether the national prefix may be left out when the number is written nationally.
    let nationalPrefixIsOptional: Bool
    /// Whether the format has a rule for a domestic carrier code.
    let hasCarrierCodeRule: Bool
    /// What the as-you-type formatter reads of it, made once (``AsYouTypeFormatter``).
    let typing: AsYouTypeFormatter.FormatTemplate

    init(
        pattern: NumberPattern, template: String, leadingDigitsPatterns: [NumberPattern], nationalPrefixRule: String?,
        nationalPrefixIsOptional: Bool, hasCarrierCodeRule: Bool
    ) {
        self.pattern = pattern
        self.template = template
        self.leadingDigitsPatterns = leadingDigitsPatterns
        self.nationalPrefixRule = nationalPrefixRule
        self.nationalPrefixIsOptional = nationalPrefixIsOptional
        self.hasCarrierCodeRule = hasCarrierCodeRule
        typing = AsYouTypeFormatter.FormatTemplate(
            pattern: pattern, template: template, nationalPrefixRule: nationalPrefixRule)
    }

    /// The most detailed of ``leadingDigitsPatterns``; nil: any.
    var leadingDigits: NumberPattern? { leadingDigitsPatterns.last }

    /// Whether this format writes `national`.
    func applies(to national: Substring) -> Bool {
        (leadingDigits.map { $0.matchesAtStart(national) } ?? true) && pattern.matchesWhole(national)
    }
}
