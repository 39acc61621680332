public import Foundation

extension SignUpLanguage {
    /// The first of `preferredLanguages` (BCP 47 tags, most preferred first, as
    /// `Locale.preferredLanguages` gives them) that one of `available` speaks; ``english`` if
    /// none does, or the first of `available` when English is not among them.
    ///
    /// A language matches a tag that starts with its identifier (`en` matches `en-GB`;
    /// `zh-Hans` matches `zh-Hans-CN`). A Chinese tag without a script is read as Simplified
    /// (`zh`, `zh-CN`, `zh-SG`) or Traditional (`zh-TW`, `zh-HK`, `zh-MO`) by its region.
    /// Case and `_` for `-` do not matter.
    public static func preferred(
        from preferredLanguages: [String] = Locale.preferredLanguages, among available: [SignUpLanguage] = allCases
    ) -> SignUpLanguage {
        for tag in preferredLanguages {
            let subtags = withChineseScript(
                tag.replacingOccurrences(of: "_", with: "-").lowercased()
                    .split(separator: "-").map(String.init))
            for length in stride(from: subtags.count, through: 1, by: -1) {
                let prefix = subtags.prefix(length).joined(separator: "-")
                if let match = available.first(where: { $0.identifier.lowercased() == prefix }) { return match }
            }
        }
        return available.first(where: { $0 == .english }) ?? available.first ?? .english
    }

    /// The language for `locale`, as ``preferred(from:among:)`` picks it.
    public init(locale: Locale, among available: [SignUpLanguage] = allCases) {
        self = Self.preferred(from: [locale.identifier], among: available)
    }

    /// `zh` subtags with the script made explicit from the region when it is missing.
    private static func withChineseScript(_ subtags: [String]) -> [String] {
        guard subtags.first == "zh", !subtags.dropFirst().contains(where: { $0 == "hans" || $0 == "hant" }) else {
            return subtags
        }
        let traditional = subtags.dropFirst().contains { ["tw", "hk", "mo"].contains($0) }
        return ["zh", traditional ? "hant" : "hans"] + subtags.dropFirst()
    }
}
