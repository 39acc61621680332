import PhoneNumbers
import SignUp
import Testing

/// The system's language and region as Linux programs read them (glibc's order), and the
/// language matching with its fallback.
@Suite("The system locale, from the POSIX variables, and the languages it picks")
struct SystemLocaleTests {
    /// Locale variables, and the languages and region they name.
    static let cases: [([String: String], [String], String?)] = [
        ([:], [], nil),
        (["LANG": "pt_BR.UTF-8"], ["pt-BR"], "BR"),
        (["LANG": "pt_BR"], ["pt-BR"], "BR"),
        (["LANG": "de_DE.UTF-8@euro"], ["de-DE"], "DE"),
        (["LANG": "en"], ["en"], nil),
        (["LANG": "C"], [], nil),
        (["LANG": "POSIX"], [], nil),
        (["LANG": "C.UTF-8", "LANGUAGE": "pt_BR:en"], [], nil),
        (["LANG": "", "LC_ALL": ""], [], nil),
        (["LANG": "en_US.UTF-8", "LANGUAGE": "pt_BR:pt:en"], ["pt-BR", "pt", "en", "en-US"], "US"),
        (["LANG": "en_US.UTF-8", "LC_ALL": "fr_FR.UTF-8"], ["fr-FR"], "FR"),
        (["LANG": "en_US.UTF-8", "LC_ALL": "fr_FR.UTF-8", "LANGUAGE": "es"], ["es", "fr-FR"], "FR"),
        (["LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"], ["zh-CN"], "US"),
        (["LANG": "en_US.UTF-8", "LC_TELEPHONE": "pt_BR.UTF-8"], ["en-US"], "BR"),
        (["LC_ALL": "en_GB.UTF-8", "LC_TELEPHONE": "pt_BR.UTF-8"], ["en-GB"], "GB"),
        (["LC_MESSAGES": "C", "LANG": "pt_BR.UTF-8", "LANGUAGE": "pt"], [], "BR"),
        (["LC_MESSAGES": "pt_BR.UTF-8"], ["pt-BR"], nil),
        (["LANG": "sr_RS@latin", "LANGUAGE": "::"], ["sr-RS"], "RS"),
        // A C entry ends LANGUAGE's list with English, as gettext's untranslated text.
        (["LANG": "pt_BR.UTF-8", "LANGUAGE": "de:C:fr"], ["de", "en"], "BR"),
    ]

    @Test(
        "LANGUAGE, LC_ALL, LC_MESSAGES, LANG for the languages; LC_ALL, LC_TELEPHONE, LANG for the region",
        arguments: cases)
    func posixVariables(environment: [String: String], languages: [String], region: String?) {
        let locale = SystemLocale(environment: environment)
        #expect(locale.languages == languages)
        #expect(locale.region == region)
    }

    @Test("a Brazilian system: Portuguese is matched to an app's pt-BR, and the region reads (11) numbers")
    func brazil() throws {
        let locale = SystemLocale(environment: ["LANG": "pt_BR.UTF-8"])
        let portuguese = SignUpLanguage(identifier: "pt-BR", strings: .english)
        #expect(SignUpLanguage.preferred(from: locale.languages, among: [.english, portuguese]) == portuguese)
        let region = try #require(locale.region.flatMap { PhoneRegion($0) })
        #expect(region.identifier == "BR")
        let config = VerificationConfig(region: region)
        #expect(try config.destination(from: "(11) 98765-4321").get() == .phone("+5511987654321"))
    }

    @Test("a language is matched exactly, then by dropping subtags, then by the same language in any region")
    func matching() {
        let brazilian = SignUpLanguage(identifier: "pt-BR", strings: .english)
        let available: [SignUpLanguage] = [.english, .simplifiedChinese, brazilian]
        #expect(SignUpLanguage.match("pt-BR", among: available) == brazilian)
        #expect(SignUpLanguage.match("pt_br", among: available) == brazilian)
        #expect(SignUpLanguage.match("pt", among: available) == brazilian)
        #expect(SignUpLanguage.match("pt-PT", among: available) == brazilian)
        #expect(SignUpLanguage.match("en-GB", among: available) == .english)
        #expect(SignUpLanguage.match("zh-CN", among: available) == .simplifiedChinese)
        #expect(SignUpLanguage.match("zh", among: available) == .simplifiedChinese)
        // Traditional Chinese is not Simplified: no match, whatever the region.
        #expect(SignUpLanguage.match("zh-TW", among: available) == nil)
        #expect(SignUpLanguage.match("zh-Hant", among: available) == nil)
        #expect(SignUpLanguage.match("fr-FR", among: available) == nil)
        #expect(SignUpLanguage.match("", among: available) == nil)
        // An exact match wins over one of the same language.
        let portugal = SignUpLanguage(identifier: "pt-PT", strings: .english)
        #expect(SignUpLanguage.match("pt-PT", among: [brazilian, portugal]) == portugal)
        #expect(SignUpLanguage.match("pt", among: [brazilian, portugal]) == brazilian)
        // The first preferred tag that matches at all decides; else the default.
        #expect(SignUpLanguage.preferred(from: ["fr", "pt-PT", "zh"], among: available) == brazilian)
        #expect(SignUpLanguage.preferred(from: ["fr", "de"], among: available) == .english)
        #expect(SignUpLanguage.preferred(from: [], among: [brazilian]) == brazilian)
    }
}
