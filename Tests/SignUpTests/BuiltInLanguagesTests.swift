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

    @Test("an Arabic screen shows its isolates as ⁅ ⁆ in its lines: the masked number and the waits")
    func arabicScreen() {
        let clock = VirtualClock()
        let model = VerificationViewModel(
            config: VerificationConfig(language: .arabic, region: PhoneRegion("HK")), clock: clock,
            service: ScriptedVerificationService(clock: clock))
        model.setDestination("5123 4567")
        model.tapSend()
        clock.advance(by: .seconds(1))
        let lines = model.screen.lines
        #expect(lines.contains("message: تم إرسال الرمز إلى ⁅+852 •••• 4567⁆"))
        #expect(lines.contains { $0.hasPrefix("send: [إعادة الإرسال (⁅60⁆ ث)] (disabled)") })
        #expect(!lines.joined().unicodeScalars.contains { (0x2066...0x2069).contains($0.value) })
    }

    @Test("the placeholders say the server's code length and the policy's minimum")
    func placeholders() {
        #expect(SignUpStrings.english.codePlaceholder(8) == "8-digit code")
        #expect(SignUpStrings.english.passwordPlaceholder(1) == "At least 1 character")
        #expect(SignUpStrings.simplifiedChinese.codePlaceholder(4) == "4位数字验证码")
        #expect(SignUpStrings.russian.passwordPlaceholder(12) != SignUpStrings.russian.passwordPlaceholder(2))
    }
}
