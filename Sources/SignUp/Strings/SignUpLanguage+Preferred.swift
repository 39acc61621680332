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

    /// The language of `available` that `tag` asks for, or nil, as `LanguageTags.match(_:among:)`
    /// finds it: the one tagged `tag` exactly; else the longest match of `tag` with subtags
    /// dropped from its end (`zh-Hans-CN` finds `zh-Hans`, `en-GB` finds `en`); else the first of
    /// the same language and script with any region (`pt` and `pt-PT` find `pt-BR`).
    ///
    /// A Chinese tag without a script is read as Simplified (`zh`, `zh-CN`, `zh-SG`) or
    /// Traditional (`zh-TW`, `zh-HK`, `zh-MO`) by its region, so `zh-TW` never finds `zh-Hans`.
    /// Case and `_` for `-` do not matter.
    public static func match(_ tag: String, among available: [SignUpLanguage] = allCases) -> SignUpLanguage? {
        LanguageTags.match(tag, among: available.map(\.identifier)).flatMap { identifier in
            available.first { $0.identifier == identifier }
        }
    }

    /// The language for `locale`, as ``preferred(from:among:)`` picks it.
    public init(locale: Locale, among available: [SignUpLanguage] = allCases) {
        // `zh_TW@calendar=chinese`: the keywords after `@` are no part of the language.
        self = Self.preferred(from: [String(locale.identifier.prefix { $0 != "@" })], among: available)
    }
}
