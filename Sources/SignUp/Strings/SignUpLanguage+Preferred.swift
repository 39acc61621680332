public import Foundation
public import PhoneNumbers

extension SignUpLanguage {
    /// The first of `preferredLanguages` (BCP 47 tags, most preferred first) that one of
    /// `available` speaks (see ``match(_:among:)``); ``english`` if none does, or the first of
    /// `available` when English is not among them. By default the system's languages
    /// (`SystemLocale.current`: the POSIX locale variables on Linux, `Locale` on Apple
    /// platforms) and the built-in languages; an app passes its own among them.
    public static func preferred(
        from preferredLanguages: [String] = SystemLocale.current.languages,
        among available: [SignUpLanguage] = allCases
    ) -> SignUpLanguage {
        for tag in preferredLanguages {
            if let language = match(tag, among: available) { return language }
        }
        return available.first(where: { $0 == .english }) ?? available.first ?? .english
    }

    /// The language of `available` that `tag` asks for, or nil: the one tagged `tag` exactly;
    /// else the longest match of `tag` with subtags dropped from its end (`zh-Hans-CN` finds
    /// `zh-Hans`, `en-GB` finds `en`); else the first of the same language and script with any
    /// region (`pt` and `pt-PT` find `pt-BR`).
    ///
    /// A Chinese tag without a script is read as Simplified (`zh`, `zh-CN`, `zh-SG`) or
    /// Traditional (`zh-TW`, `zh-HK`, `zh-MO`) by its region, so `zh-TW` never finds `zh-Hans`.
    /// Case and `_` for `-` do not matter.
    public static func match(_ tag: String, among available: [SignUpLanguage] = allCases) -> SignUpLanguage? {
        let wanted = subtags(of: tag)
        guard let language = wanted.first else { return nil }
        for length in stride(from: wanted.count, through: 1, by: -1) {
            let prefix = wanted.prefix(length)
            if let match = available.first(where: { subtags(of: $0.identifier) == Array(prefix) }) { return match }
        }
        let script = Self.script(of: wanted)
        return available.first { candidate in
            let other = subtags(of: candidate.identifier)
            return other.first == language && Self.script(of: other) == script
        }
    }

    /// The language for `locale`, as ``preferred(from:among:)`` picks it.
    public init(locale: Locale, among available: [SignUpLanguage] = allCases) {
        // `zh_TW@calendar=chinese`: the keywords after `@` are no part of the language.
        self = Self.preferred(from: [String(locale.identifier.prefix { $0 != "@" })], among: available)
    }

    /// `tag`'s subtags, lower-cased, with a Chinese script made explicit.
    private static func subtags(of tag: String) -> [String] {
        withChineseScript(
            tag.replacingOccurrences(of: "_", with: "-").lowercased().split(separator: "-").map(String.init))
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
