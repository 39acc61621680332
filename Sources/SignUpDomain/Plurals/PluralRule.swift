/// A language's plural rule, from CLDR: which ``PluralCategory`` a whole count takes, and so
/// which form of a text goes with it.
///
/// The built-in tables choose every counted text by it, and an app's own table does the same:
///
/// ```swift
/// let russian = PluralRule(for: "ru")
/// russian.select(21, one: "\(21) попытка", few: "…", many: "…", other: "…")   // one
/// russian.category(for: 12)                                                   // .many
/// ```
///
/// The rules are generated from CLDR (``cldrVersion``) by `tools/plural-rules/generate`. They are
/// read for whole counts: a category only a fraction takes (Russian `other`) is never chosen.
public struct PluralRule: Hashable, Sendable {
    /// The rule set, an index into the generated tables.
    private let ruleSet: Int

    /// The rule of the language `tag` names (BCP 47, such as `ru`, `pt-PT`, `es-419`, `zh-Hant-TW`;
    /// `_` for `-` and case do not matter): the rule of the longest prefix of the tag CLDR lists
    /// (`pt-PT` has its own, `es-MX` is Spanish's); CLDR's root rule (`other` alone) for a
    /// language it does not know.
    public init(for tag: String) {
        var subtags = tag.lowercased().split { $0 == "-" || $0 == "_" }
        while !subtags.isEmpty {
            if let set = Self.ruleSetOfLocale[subtags.joined(separator: "-")] {
                ruleSet = set
                return
            }
            subtags.removeLast()
        }
        ruleSet = Self.rootRuleSet
    }

    /// The categories whole or fractional counts take in this language, in CLDR's order; `other`
    /// is always last. A table gives a form for each it needs.
    public var categories: [PluralCategory] { Self.categoriesOfRuleSet[ruleSet] }

    /// The category of `count` (its magnitude: -1 takes what 1 takes).
    public func category(for count: some BinaryInteger) -> PluralCategory {
        Self.category(UInt64(clamping: count.magnitude), ruleSet: ruleSet)
    }

    /// The form for `count`'s category; `other` when that form is not given.
    public func select(
        _ count: some BinaryInteger, zero: String? = nil, one: String? = nil, two: String? = nil,
        few: String? = nil, many: String? = nil, other: String
    ) -> String {
        switch category(for: count) {
        case .zero: zero ?? other
        case .one: one ?? other
        case .two: two ?? other
        case .few: few ?? other
        case .many: many ?? other
        case .other: other
        }
    }
}
