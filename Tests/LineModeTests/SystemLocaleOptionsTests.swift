import Foundation
import PhoneNumbers
import SignUp
import Testing

@testable import HourglassLineMode

/// linemode reads the system's language and region as an app does, for a person at a terminal
/// or at a real server; a script on the scripted server reads neither, so it runs alike on
/// every machine; the command line wins over the system.
@Suite("linemode and the system's locale")
struct SystemLocaleOptionsTests {
    private let chineseSystem = SystemLocale(environment: ["LANG": "zh_CN.UTF-8"])
    private let languages: [SignUpLanguage] = [.english, .simplifiedChinese]

    @Test("live mode reads the system's language and region")
    func live() {
        let options = LineModeOptions().readingSystem(chineseSystem, live: true, given: .init(), languages: languages)
        #expect(options.language == .simplifiedChinese)
        #expect(options.region == PhoneRegion("CN"))
    }

    @Test("a script with --service reads them too; LANGUAGE comes first, as in gettext")
    func service() {
        var options = LineModeOptions()
        options.service = URL(string: "http://127.0.0.1:8080")
        let system = SystemLocale(environment: ["LANGUAGE": "zh_CN:en", "LANG": "en_US.UTF-8"])
        let read = options.readingSystem(system, live: false, given: .init(), languages: languages)
        #expect(read.language == .simplifiedChinese)
        #expect(read.region == PhoneRegion("US"))
    }

    @Test("a script on the scripted server reads neither")
    func script() {
        let options = LineModeOptions().readingSystem(chineseSystem, live: false, given: .init(), languages: languages)
        #expect(options.language == .english)
        #expect(options.region == nil)
    }

    @Test("--locale and --region win over the system")
    func commandLineWins() {
        var options = LineModeOptions()
        options.language = .english
        options.region = PhoneRegion("BR")
        let given = ScriptSource.Given(language: true, region: true)
        let read = options.readingSystem(chineseSystem, live: true, given: given, languages: languages)
        #expect(read.language == .english)
        #expect(read.region == PhoneRegion("BR"))
    }

    @Test("a system language the runner lacks falls back to English, in live mode too")
    func unknownLanguage() {
        let system = SystemLocale(environment: ["LANG": "es_MX.UTF-8"])
        let options = LineModeOptions().readingSystem(system, live: true, given: .init(), languages: languages)
        #expect(options.language == .english)
        #expect(options.region == PhoneRegion("MX"))
    }

    @Test(
        "live, the built-in linemode finds each built-in language from LANG and LANGUAGE",
        arguments: [
            (["LANG": "es_MX.UTF-8"], "es"), (["LANG": "pt_PT.UTF-8"], "pt-BR"), (["LANG": "zh_TW.UTF-8"], "zh-Hant"),
            (["LANG": "ar_SA.UTF-8"], "ar"), (["LANG": "ru_RU.UTF-8"], "ru"), (["LANG": "ja_JP.UTF-8"], "ja"),
            (["LANG": "hi_IN.UTF-8"], "hi"), (["LANG": "tr_TR.UTF-8"], "tr"), (["LANG": "id_ID.UTF-8"], "id"),
            (["LANG": "en_US.UTF-8", "LANGUAGE": "nl:ko:en"], "ko"), (["LANG": "nl_NL.UTF-8"], "en"),
        ] as [([String: String], String)])
    func builtInLanguages(environment: [String: String], expected: String) {
        let options = LineModeOptions().readingSystem(
            SystemLocale(environment: environment), live: true, given: .init(), languages: SignUpLanguage.allCases)
        #expect(options.language.identifier == expected)
    }
}
