import Foundation
import Hourglass
import PhoneNumbers
import Testing

@testable import SignUp

/// Counts in the locale's digits, as CLDR's default numbering system says; phone numbers,
/// masked destinations and codes in ASCII, the digits a person compares with their phone's.
@Suite("Numbering systems")
struct NumberingSystemTests {
    @Test(
        "CLDR's default by language and region",
        arguments: [
            ("ar", "EG", "arab"), ("ar", "SA", "arab"), ("ar", "AE", "latn"), ("ar", "MA", "latn"), ("ar", nil, "latn"),
            ("fa", nil, "arabext"), ("fa", "IR", "arabext"), ("bn", "BD", "beng"), ("bn", "IN", "latn"),
            ("ur", "IN", "arabext"), ("ur", "PK", "latn"), ("hi", "IN", "latn"), ("en", "EG", "latn"),
            ("pt-BR", "BR", "latn"), ("zh-Hans", "CN", "latn"), ("AR", "EG", "arab"),
        ] as [(String, String?, String)])
    func defaults(language: String, region: String?, expected: String) {
        #expect(
            NumberingSystem.default(language: language, region: region.flatMap(PhoneRegion.init)).identifier == expected
        )
    }

    #if os(Linux)
    /// Foundation's `NumberFormatter` (ICU's CLDR data on Linux) writes 42 in the same digits
    /// for every built-in language, in its own region and in four Arabic-speaking ones.
    @Test(
        "the same digits as Foundation's NumberFormatter, for every built-in language",
        arguments: SignUpLanguage.allCases)
    func likeFoundation(language: SignUpLanguage) throws {
        let home = try #require(
            [
                "en": "US", "zh-Hans": "CN", "zh-Hant": "TW", "es": "ES", "pt-BR": "BR", "fr": "FR", "de": "DE",
                "it": "IT",
                "ja": "JP", "ko": "KR", "ar": "EG", "hi": "IN", "ru": "RU", "id": "ID", "tr": "TR",
            ][language.identifier])
        for region in [home, "EG", "SA", "AE", "MA"] {
            let formatter = NumberFormatter()
            let tag = language.identifier.split(separator: "-")
            let script = tag.count > 1 && tag[1].count == 4 ? "_\(tag[1])" : ""
            formatter.locale = Locale(identifier: "\(tag[0])\(script)_\(region)")
            let written = String(
                String.UnicodeScalarView(
                    (formatter.string(from: 42) ?? "").unicodeScalars.filter {
                        $0.properties.numericType == .decimal
                    }))
            let ours = NumberingSystem.default(language: language.identifier, region: PhoneRegion(region)).digits("42")
            #expect(ours == written, "\(language.identifier)-\(region)")
        }
    }
    #endif

    @Test("digits: each ASCII digit in the system's, anything else kept")
    func digits() throws {
        #expect(
            NumberingSystem.arab.digits("إعادة الإرسال (\u{2068}60\u{2069} ث)")
                == "إعادة الإرسال (\u{2068}٦٠\u{2069} ث)")
        #expect(try #require(NumberingSystem("arabext")).digits("5:09") == "۵:۰۹")
        #expect(try #require(NumberingSystem("beng")).digits("42") == "৪২")
        #expect(NumberingSystem.latn.digits("42") == "42")
        #expect(NumberingSystem("klingon") == nil && NumberingSystem("latn") == .latn)
        // A calling code is part of a number: it keeps ASCII.
        #expect(
            NumberingSystem.arab.digitsKeepingNumbers("A +20 number has 10 digits, not 9")
                == "A +20 number has ١٠ digits, not ٩")
    }

    /// A code sent to an Egyptian mobile at 2.3 s, on an Arabic screen in Egypt.
    static func sent(_ config: VerificationConfig) -> VerificationState {
        var state = VerificationState(config: config)
        _ = state.apply(.destinationChanged("01001234567"), at: at(1))
        _ = state.apply(.sendTapped, at: at(2))
        _ = state.apply(.codeRequestFinished(.success(CodeReceipt(codeLifetime: .seconds(300)))), at: at(2.3))
        _ = state.apply(.codeChanged("11111"), at: at(3))
        return state
    }

    @Test("an Egyptian Arabic screen counts in ٠–٩; the number and its mask stay ASCII; Western digits are a choice")
    func screen() {
        let egypt = VerificationConfig(language: .arabic, region: PhoneRegion("EG"))
        #expect(egypt.numberingSystem == .arab)
        #expect(
            VerificationScreen(Self.sent(egypt)).lines == [
                "destination: \"010 01234567\"",
                "send: [إعادة الإرسال (\u{2068}٦٠\u{2069} ث)] (disabled) {إرسال الرمز: \u{2068}٦٠\u{2069} ثانية}",
                "code: \"•••••\" — تنتهي صلاحية الرمز بعد \u{2068}٥:٠٠\u{2069}", "verify: [تحقّق] (disabled)",
                "message: تم إرسال الرمز إلى \u{2068}+20 •• ••••4567\u{2069}",
            ])
        let western = VerificationConfig(language: .arabic, region: PhoneRegion("EG"), numberingSystem: .latn)
        #expect(
            VerificationScreen(Self.sent(western)).sendButton.title == "إعادة الإرسال (\u{2068}60\u{2069} ث)")
        // The digits follow the language set later, in the region the configuration was made with.
        var later = VerificationConfig(region: PhoneRegion("EG"))
        #expect(later.numberingSystem == .latn)
        later.language = .arabic
        #expect(later.numberingSystem == .arab)
        later.region = PhoneRegion("AE")
        #expect(later.numberingSystem == .arab)
        // The Emirates write Arabic with Western digits.
        #expect(VerificationConfig(language: .arabic, region: PhoneRegion("AE")).numberingSystem == .latn)
        // A wrong length's count is the language's; the calling code is the number's.
        let strings = egypt.strings
        let problem = strings.destinationProblem(.phone(.wrongLength(callingCode: "20", expected: [10], found: 9)))
        #expect(
            problem.contains("\u{2068}+20\u{2069}") && problem.contains("١٠") && problem.contains("\u{2068}٩\u{2069}"))
        #expect(!problem.contains("9") && !problem.contains("10"))
        #expect(strings.checkError(.wrongCode(attemptsLeft: 4), nil).contains("٤"))
    }
}
