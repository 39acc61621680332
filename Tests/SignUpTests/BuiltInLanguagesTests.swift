import Hourglass
import PhoneNumbers
import SignUp
import Testing

/// The fifteen built-in languages: every table complete, counted texts by CLDR's rules, and
/// right-to-left values isolated.
@Suite("Built-in languages")
struct BuiltInLanguagesTests {
    @Test("every built-in table is complete", arguments: SignUpLanguage.allCases)
    func complete(language: SignUpLanguage) {
        #expect(language.strings.untranslated == [])
    }

    @Test("the languages the issue names, each found by its tag")
    func list() {
        #expect(
            SignUpLanguage.allCases.map(\.identifier) == [
                "en", "zh-Hans", "zh-Hant", "es", "pt-BR", "fr", "de", "it", "ja", "ko", "ar", "hi", "ru", "id", "tr",
            ])
        // The one list the server's message templates read too.
        #expect(SignUpLanguage.allCases.map(\.identifier) == LanguageTags.builtIn)
        #expect(SignUpLanguage.allCases.allSatisfy { SignUpLanguage(rawValue: $0.identifier) == $0 })
        #expect(SignUpLanguage.allCases.filter(\.isRightToLeft) == [.arabic])
    }

    @Test("Russian words a count by its rule: 1, 2, 5, 21, 22 seconds and attempts")
    func russian() {
        let text = SignUpStrings.russian
        #expect(
            [1, 2, 5, 21, 22].map { text.seconds($0) } == [
                "1 секунду", "2 секунды", "5 секунд", "21 секунду", "22 секунды",
            ])
        // Standing alone (the send button's accessibility value), the nominative.
        #expect([1, 2, 5, 21].map { text.secondsLeft($0) } == ["1 секунда", "2 секунды", "5 секунд", "21 секунда"])
        #expect(text.checkError(.wrongCode(attemptsLeft: 1), nil).contains("1 попытка"))
        #expect(text.checkError(.wrongCode(attemptsLeft: 3), nil).contains("3 попытки"))
    }

    @Test("Arabic words 0, 1, 2, 3, 11 and 100 seconds by its six categories, numbers isolated")
    func arabic() {
        let text = SignUpStrings.arabic
        let (open, close) = ("\u{2068}", "\u{2069}")
        #expect(
            [0, 1, 2, 3, 11, 100].map { text.seconds($0) } == [
                "\(open)0\(close) ثانية", "ثانية واحدة", "ثانيتين", "\(open)3\(close) ثوانٍ", "\(open)11\(close) ثانية",
                "\(open)100\(close) ثانية",
            ])
        #expect(text.codeSent("+852 •••• 4567").contains("\(open)+852 •••• 4567\(close)"))
        #expect(text.secondsLeft(2) == "ثانيتان")
        #expect(text.resendIn(42) == "إعادة الإرسال (\(open)42\(close) ث)")
    }

    @Test("an Arabic screen keeps its isolates in its lines: the masked number and the waits")
    func arabicScreen() {
        let clock = VirtualClock()
        let model = VerificationViewModel(
            config: VerificationConfig(language: .arabic, region: PhoneRegion("HK")), clock: clock,
            service: ScriptedVerificationService(clock: clock))
        model.setDestination("5123 4567")
        model.tapSend()
        clock.advance(by: .seconds(1))
        let lines = model.screen.lines
        #expect(lines.contains("message: تم إرسال الرمز إلى \u{2068}+852 •••• 4567\u{2069}"))
        #expect(lines.contains { $0.hasPrefix("send: [إعادة الإرسال (\u{2068}60\u{2069} ث)] (disabled)") })
        // Kept as they are, balanced, and never written out: the line reads in order in a
        // bidi-aware viewer (tools/bidi-check).
        #expect(!lines.joined().contains("\\u{2068}"))
        #expect(!lines.joined().contains("⁅"))
    }

    @Test("a field shows an isolate a person typed written out; a number's is dropped as it is formatted")
    func typedIsolates() {
        let clock = VirtualClock()
        let model = VerificationViewModel(
            config: VerificationConfig(language: .english, region: PhoneRegion("HK")), clock: clock,
            service: ScriptedVerificationService(clock: clock))
        model.setDestination("\u{2068}ann@example.com\u{2069}")
        #expect(model.screen.lines[0].hasPrefix(#"destination: "\u{2068}ann@example.com\u{2069}""#))
        model.setDestination("\u{2068}5123 4567\u{2069}")
        #expect(model.screen.lines[0] == #"destination: "5123 4567""#)
    }

    @Test("the placeholders say the server's code length and the policy's minimum")
    func placeholders() {
        #expect(SignUpStrings.english.codePlaceholder(8) == "8-digit code")
        #expect(SignUpStrings.english.passwordPlaceholder(1) == "At least 1 character")
        #expect(SignUpStrings.simplifiedChinese.codePlaceholder(4) == "4位数字验证码")
        #expect(SignUpStrings.russian.passwordPlaceholder(12) != SignUpStrings.russian.passwordPlaceholder(2))
    }
}
