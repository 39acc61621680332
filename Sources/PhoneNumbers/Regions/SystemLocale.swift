import Foundation

/// The languages and the region a person chose for their system, read as the system's own
/// programs read them: the default of ``PhoneRegion/current`` and, in `SignUp`, of
/// `SignUpLanguage.preferred(from:among:)` and `VerificationConfig.region`.
///
/// On Linux, Foundation's `Locale.current` ignores the locale variables (it is `en_001` whatever
/// `LANG` says), so ``current`` reads them itself, in glibc's order (``init(environment:)``). On
/// Apple platforms it is `Locale.preferredLanguages` and the current `Locale`'s region.
public struct SystemLocale: Hashable, Sendable {
    /// Language tags, most preferred first, in BCP 47 form (`pt-BR`, `zh-CN`, `en`); empty when
    /// the locale is `C` or `POSIX`, which name no language.
    public var languages: [String]
    /// The region, an upper-case ISO 3166-1 code (`BR`), when the locale names one.
    public var region: String?

    /// A locale of the given languages and region.
    public init(languages: [String], region: String?) {
        self.languages = languages
        self.region = region
    }

    /// The process's locale: from the POSIX locale variables on Linux, from `Locale` on Apple
    /// platforms.
    public static var current: SystemLocale {
        #if canImport(Darwin)
        SystemLocale(languages: Locale.preferredLanguages, region: Locale.current.region?.identifier)
        #else
        SystemLocale(environment: ProcessInfo.processInfo.environment)
        #endif
    }

    /// The locale the POSIX variables in `environment` name, as glibc and gettext read them.
    ///
    /// - The language of messages is that of the first of `LC_ALL`, `LC_MESSAGES` and `LANG`
    ///   that is set and not empty. When that locale is `C` or `POSIX` (with or without a
    ///   codeset, as in `C.UTF-8`), or none is set, there is no language, and `LANGUAGE` is
    ///   ignored, as gettext ignores it. Otherwise the languages are `LANGUAGE`'s list
    ///   (`pt_BR:pt:en`) followed by that locale's own; a `C` or `POSIX` entry in the list ends
    ///   it with English (gettext's untranslated text).
    /// - The region is the territory of the locale of telephone formats: the first of `LC_ALL`,
    ///   `LC_TELEPHONE` and `LANG` that is set and not empty (`BR` in `pt_BR.UTF-8`).
    ///   `LC_TELEPHONE` counts because it is the category glibc gives to telephone numbers;
    ///   `LANGUAGE`, a list of languages for messages, names no region.
    ///
    /// A locale name is `language[_territory][.codeset][@modifier]`; the codeset and the
    /// modifier do not matter here.
    public init(environment: [String: String]) {
        func first(_ names: [String]) -> String? {
            names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        }
        let messages = first(["LC_ALL", "LC_MESSAGES", "LANG"]).map(Self.Name.init)
        if let messages, !messages.isC {
            let listed = (environment["LANGUAGE"] ?? "").split(separator: ":").map { Name(String($0)) }
            if let c = listed.firstIndex(where: \.isC) {
                // A C entry ends the list, as in gettext: the untranslated text, English.
                languages = listed[..<c].filter { !$0.language.isEmpty }.map(\.tag) + ["en"]
            } else {
                languages = (listed + [messages]).filter { !$0.language.isEmpty }.map(\.tag)
            }
        } else {
            languages = []
        }
        let telephone = first(["LC_ALL", "LC_TELEPHONE", "LANG"]).map(Self.Name.init)
        region = telephone.flatMap { $0.isC ? nil : $0.territory }
    }

    /// A POSIX locale name, taken apart.
    private struct Name {
        let language: String
        let territory: String?

        init(_ name: String) {
            let base = name.prefix { $0 != "." && $0 != "@" }
            let parts = base.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
            language = parts.first.map(String.init) ?? ""
            territory = parts.count == 2 && !parts[1].isEmpty ? parts[1].uppercased() : nil
        }

        /// `C` and `POSIX` name no language and no territory.
        var isC: Bool { language == "C" || language == "POSIX" }

        /// `pt-BR`, `pt`.
        var tag: String { territory.map { "\(language)-\($0)" } ?? language }
    }
}
