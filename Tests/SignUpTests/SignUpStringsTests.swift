import Foundation
import Hourglass
import PhoneNumbers
import SignUp
import TestSupport
import Testing

/// Every text of a table that takes no argument, by property name.
func plainStrings(of strings: SignUpStrings) -> [String: String] {
    Dictionary(
        uniqueKeysWithValues: Mirror(reflecting: strings).children.compactMap { child in
            (child.value as? String).map { (child.label ?? "?", $0) }
        })
}

/// Every text a table makes from a number, an error or a problem, for every case.
func formattedStrings(of text: SignUpStrings) -> [String] {
    let requestErrors: [CodeRequestError] = [
        .network, .rateLimited(retryAfter: .seconds(5)), .invalidDestination,
        .sendLimitReached(retryAfter: .seconds(60)), .channelRefused(.voice), .channelRefused(.sms),
        .channelRefused(.email),
    ]
    let checkErrors: [CodeCheckError] = [
        .wrongCode(attemptsLeft: 1), .expired, .superseded,
        .locked(retryAfter: .seconds(9)), .network,
    ]
    let problems: [DestinationProblem] = [
        .empty, .invalidEmail, .invalidChinaMobile, .phone(.missingCountryCode(example: nil)), .phone(.invalid),
        .phone(.unknownCountryCode("999")),
        .phone(.wrongLength(callingCode: "33", expected: [9], found: 8)),
        .phone(.wrongLength(callingCode: "44", expected: [9, 10], found: 2)), .phone(.tooLong),
        .numberTypeNotAccepted(accepted: [.mobile]), .numberTypeNotAccepted(accepted: [.fixedLine]),
    ]
    let passwordProblems: [PasswordProblem] = [
        .tooShort(minimum: 8), .tooLong(maximum: 64), .common, .predictable,
        .containsAccount,
    ]
    return [
        text.resendIn(42), text.retryIn(42), text.seconds(1), text.minutes(1), text.codePlaceholder(6),
        text.passwordPlaceholder(8),
        text.codeSent("x"), text.sendLimit(nil), text.codeExpiresIn("x"), text.storeProblem(.notRestored),
        text.storeProblem(.notSaved), text.canResendIn("x"),
    ]
        + problems.map(text.destinationProblem)
        + requestErrors.flatMap { [text.requestError($0, nil), text.requestError($0, "x")] }
        + checkErrors.flatMap { [text.checkError($0, nil), text.checkError($0, "x")] }
        + passwordProblems.map(text.passwordProblem)
        + [PasswordStrength.weak, .fair, .strong].map(text.strength)
        + [RegistrationError.network, .accountExists].map(text.registrationError)
}

@Suite("Strings: one table per language, chosen from the locale, open to the app")
struct SignUpStringsTests {
    @Test("lengths in a sentence: one, a run, or a list with gaps")
    func counts() {
        #expect(SignUpStrings.counts([9], through: " to ", lastSeparator: " or ") == "9")
        #expect(SignUpStrings.counts([9, 10], through: " to ", lastSeparator: " or ") == "9 or 10")
        #expect(SignUpStrings.counts([8, 9, 10, 11], through: " to ", lastSeparator: " or ") == "8 to 11")
        #expect(SignUpStrings.counts([7, 9, 10], through: " to ", lastSeparator: " or ") == "7, 9 or 10")
        #expect(SignUpStrings.counts([], through: " to ", lastSeparator: " or ") == "")
        #expect(
            SignUpStrings.english.destinationProblem(
                .phone(.wrongLength(callingCode: "44", expected: [7, 9, 10], found: 8)))
                == "A +44 number has 7, 9 or 10 digits after the country code, not 8")
        #expect(
            SignUpStrings.simplifiedChinese.destinationProblem(
                .phone(.wrongLength(callingCode: "44", expected: [7, 9, 10], found: 8)))
                == "+44 的号码在国家或地区代码后应有7、9或10位数字，而不是8位")
    }

    @Test("every built-in table has every string, none empty, none left in English")
    func complete() {
        let english = plainStrings(of: .english)
        #expect(english.count == 25)
        for language in SignUpLanguage.allCases {
            let strings = plainStrings(of: language.strings)
            #expect(strings.keys.sorted() == english.keys.sorted())
            #expect(strings.values.allSatisfy { !$0.isEmpty })
            #expect(formattedStrings(of: language.strings).allSatisfy { !$0.isEmpty })
            guard language != .english else { continue }
            // Italian says "Password" too.
            for (name, text) in strings where !(language == .italian && name == "passwordLabel") {
                #expect(text != english[name], "\(language): \(name) is English")
            }
            for (text, englishText) in zip(formattedStrings(of: language.strings), formattedStrings(of: .english)) {
                #expect(text != englishText)
            }
        }
    }

    @Test("plural forms: one and many")
    func plurals() {
        let en = SignUpStrings.english
        #expect([en.seconds(1), en.seconds(2), en.seconds(0)] == ["1 second", "2 seconds", "0 seconds"])
        #expect([en.minutes(1), en.minutes(59)] == ["1 minute", "59 minutes"])
        #expect(en.checkError(.wrongCode(attemptsLeft: 1), nil) == "Wrong code. 1 attempt left")
        #expect(en.checkError(.wrongCode(attemptsLeft: 4), nil) == "Wrong code. 4 attempts left")
        let zh = SignUpStrings.simplifiedChinese
        #expect([zh.seconds(1), zh.seconds(2), zh.minutes(1)] == ["1秒", "2秒", "1分钟"])
        #expect(
            [en.waitClock(299), zh.waitClock(299), zh.waitClock(59), zh.waitClock(300)]
                == ["4:59", "4分59秒", "59秒", "5分钟"])
    }

    @Test("one verb for the resend button, counting or not")
    func oneVerb() {
        #expect(SignUpStrings.english.resend == "Resend")
        #expect(SignUpStrings.english.resendIn(42) == "Resend in 42s")
        #expect(SignUpStrings.simplifiedChinese.resend == "重新发送")
        #expect(SignUpStrings.simplifiedChinese.resendIn(42) == "重新发送(42s)")
    }

    @Test("each field has a label and a placeholder on screen")
    func labels() {
        let registration = RegistrationScreen(RegistrationForm(), verification: VerificationState())
        #expect(
            [
                registration.account.destination.label, registration.account.destination.placeholder,
                registration.account.code.label, registration.account.code.placeholder,
                registration.password.label, registration.password.placeholder,
                registration.confirmation.label, registration.confirmation.placeholder,
            ] == [
                "Phone or e-mail", "+86 138 1234 5678 or name@example.com", "Verification code", "6-digit code",
                "Password", "At least 8 characters", "Confirm password", "Type the password again",
            ])
        let chinese = VerificationScreen(VerificationState(config: VerificationConfig(language: .simplifiedChinese)))
        #expect([chinese.destination.label, chinese.code.placeholder] == ["手机号或邮箱", "6位数字验证码"])
    }

    @Test(
        "the language comes from the preferred languages, English when none is available",
        arguments: [
            (["zh-Hans-CN", "en"], "zh-Hans"), (["zh-CN"], "zh-Hans"), (["zh"], "zh-Hans"), (["zh_SG"], "zh-Hans"),
            (["zh-Hant-TW", "zh-TW"], "zh-Hant"), (["zh-HK", "zh-Hans"], "zh-Hant"), (["zh-MO"], "zh-Hant"),
            (["en-GB"], "en"), (["EN_us"], "en"), (["fr-FR", "zh-Hans"], "fr"), (["nl-NL"], "en"), ([], "en"),
            (["nl", "es-MX"], "es"), (["es-419"], "es"), (["es-ES"], "es"), (["pt"], "pt-BR"), (["pt-PT"], "pt-BR"),
            (["de-AT"], "de"), (["it-CH"], "it"), (["ja-JP"], "ja"), (["ko-KR"], "ko"), (["ar-EG"], "ar"),
            (["hi-IN"], "hi"), (["ru-RU"], "ru"), (["id-ID"], "id"), (["tr-TR"], "tr"),
        ] as [([String], String)])
    func preferred(tags: [String], expected: String) {
        let available = SignUpLanguage.allCases + [German.language]
        #expect(SignUpLanguage.preferred(from: tags, among: available).identifier == expected)
    }

    @Test("from a Locale")
    func fromLocale() {
        #expect(SignUpLanguage(locale: Locale(identifier: "zh_CN")) == .simplifiedChinese)
        #expect(SignUpLanguage(locale: Locale(identifier: "de_DE")) == .german)
        #expect(SignUpLanguage(locale: Locale(identifier: "nl_NL")) == .english)
        #expect(SignUpLanguage.preferred(from: ["de"], among: [German.language]) == German.language)
    }

    @Test("an app overrides one string without touching the package")
    func override() {
        var strings = SignUpStrings.english
        strings.getCode = "Send me a code"
        let language = SignUpLanguage(identifier: "en-x-acme", strings: strings)
        let screen = VerificationScreen(VerificationState(config: VerificationConfig(language: language)))
        #expect(screen.sendButton.title == "Send me a code")
        #expect(screen.verifyButton.title == "Verify")
    }

    @Test("a translated table lists the texts it left in its base language; the built-in ones leave none")
    func untranslated() {
        #expect(SignUpStrings.english.untranslated == [])
        #expect(SignUpStrings.simplifiedChinese.untranslated == [])
        #expect(German.strings.untranslated == [])
        let partial = SignUpStrings(translating: .english) { strings in
            strings.getCode = "Code anfordern"
            strings.verify = "Bestätigen"
        }
        #expect(partial.untranslated.count == SignUpStrings.Text.allCases.count - 2)
        #expect(!partial.untranslated.contains(.getCode) && !partial.untranslated.contains(.verify))
        #expect(partial.untranslated.prefix(3) == [.sending, .resend, .retry])
        // A text the translation left out shows in the base language, never empty.
        #expect(partial.resend == "Resend")
        // An override of a complete table stays complete.
        var override = SignUpStrings.simplifiedChinese
        override.getCode = "发送验证码"
        #expect(override.untranslated == [])
    }

    @Test("an app's own table for a built-in language replaces it, and runs a whole flow")
    func german() {
        let screen = VerificationHarness(language: German.language)
        screen.model.setDestination("nobody")
        #expect(
            screen.lines == [
                "destination: \"nobody\" — Diese Telefonnummer ist ungültig", "send: [Code anfordern] (disabled)",
                "code: \"\" (disabled)", "verify: [Bestätigen] (disabled)",
            ])
        screen.sendCode(to: "+49 30 1234567")
        #expect(
            screen.lines == [
                "destination: \"+49 30 1234567\"",
                "send: [Erneut senden in 60 s] (disabled) {Code senden: 60 Sekunden}",
                "code: \"\" — Code läuft ab in 5:00 min", "verify: [Bestätigen] (disabled)",
                "message: Wir rufen +49 30 •••4567 an und sagen den Code",
            ])
        screen.clock.advance(by: .seconds(59))
        #expect(screen.model.screen.sendButton.accessibilityValue == "1 Sekunde")
        screen.clock.advance(by: .seconds(1))
        screen.model.setCode("000000")
        screen.clock.advance(by: .milliseconds(300))
        #expect(screen.model.screen.code.message == "Falscher Code. Noch 4 Versuche")
        screen.model.setCode(screen.sentCode)
        screen.clock.advance(by: .milliseconds(300))
        #expect(
            screen.lines == [
                "destination: \"+49 30 1234567\" (disabled)", "send: [Erneut senden] (disabled)",
                "code: \"••••••\" (disabled) — Bestätigt", "verify: [Bestätigen] (disabled)",
                "verified: yes",
            ])
        #expect(
            screen.announcements.values == [
                "Wir rufen +49 30 •••4567 an und sagen den Code", "Neuer Code möglich in 30 Sekunden",
                "Neuer Code möglich in 10 Sekunden",
                "Jetzt ist ein neuer Code möglich", "Falscher Code. Noch 4 Versuche", "Bestätigt",
            ])
        expectNoTimersLeft(screen.clock)
    }
}
