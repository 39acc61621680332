/// How a language tag (BCP 47: `es-MX`, `zh-Hant-TW`; `_` for `-` and case do not matter) finds
/// one of a set of languages: what the sign-up screens' `SignUpLanguage.match` and the server's
/// message templates both use, so that a tag picks the same language on the screen and in the
/// message carrying its code.
public enum LanguageTags: Sendable {
    /// The fifteen languages built in, English first: the tags of `SignUpLanguage.allCases`
    /// and of the reference server's message templates, written here once.
    public static let builtIn = [
        "en", "zh-Hans", "zh-Hant", "es", "pt-BR", "fr", "de", "it", "ja", "ko", "ar", "hi", "ru", "id", "tr",
    ]

    /// The one of `identifiers` that `tag` asks for, or nil: the one tagged `tag` exactly; else
    /// the longest match of `tag` with subtags dropped from its end (`zh-Hans-CN` finds
    /// `zh-Hans`, `en-GB` finds `en`); else the first of the same language and script with any
    /// region (`pt` and `pt-PT` find `pt-BR`).
    ///
    /// A Chinese tag without a script is read as Simplified (`zh`, `zh-CN`, `zh-SG`) or
    /// Traditional (`zh-TW`, `zh-HK`, `zh-MO`) by its region, so `zh-TW` never finds `zh-Hans`.
    public static func match(_ tag: String, among identifiers: [String]) -> String? {
        let wanted = subtags(of: tag)
        guard let language = wanted.first else { return nil }
        let candidates = identifiers.map { ($0, subtags(of: $0)) }
        for length in stride(from: wanted.count, through: 1, by: -1) {
            let prefix = Array(wanted.prefix(length))
            if let match = candidates.first(where: { $0.1 == prefix }) { return match.0 }
        }
        let script = Self.script(of: wanted)
        return candidates.first { $0.1.first == language && Self.script(of: $0.1) == script }?.0
    }

    /// `tag`'s subtags, lower-cased, with a Chinese script made explicit.
    private static func subtags(of tag: String) -> [String] {
        withChineseScript(tag.lowercased().split { $0 == "-" || $0 == "_" }.map(String.init))
    }

    /// The script subtag (four letters, second), if any.
    private static func script(of subtags: [String]) -> String? {
        subtags.count > 1 && subtags[1].count == 4 && subtags[1].allSatisfy(\.isLetter) ? subtags[1] : nil
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
