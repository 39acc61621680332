import Hourglass
import PhoneNumbers
import SignUp
import TestSupport
import Testing

@Suite("Verification screen: code entry and its outcomes")
struct CodeEntryTests {
    @Test(
        "a wrong code says how many attempts are left and does not restart the cooldown",
        arguments: SignUpLanguage.writtenInTests)
    func wrongCode(language: SignUpLanguage) {
        let l = Localized(language: language)
        let screen = VerificationHarness(language: language)
        screen.sendCode()
        screen.clock.advance(by: .seconds(10))
        screen.model.setCode("000000")
        screen.clock.advance(by: .milliseconds(300))
        #expect(
            screen.lines == [
                "destination: \"138 1234 5678\"",
                "send: [\(l("Resend in 50s", "重新发送(50s)"))] (disabled) {\(l("Send code: 50 seconds", "发送验证码: 50秒"))}",
                "code: \"\" — \(l("Wrong code. 4 attempts left", "验证码错误，还可尝试4次"))",
                "verify: [\(l("Verify", "验证"))] (disabled)",
                "message: \(l("Code sent to +86 ••• •••• 5678", "验证码已发送至 +86 ••• •••• 5678"))",
            ])
        for _ in 1...3 {
            screen.model.setCode("000000")
            screen.clock.advance(by: .milliseconds(300))
        }
        #expect(screen.model.screen.code.message == l("Wrong code. 1 attempt left", "验证码错误，还可尝试1次"))
        screen.model.setCode("12")
        #expect(
            screen.model.screen.code
                == SecretFieldView(
                    value: Secret("12"), isEnabled: true, message: l("Code expires in 4:49", "验证码将在4分49秒后过期"),
                    label: l.language.strings.codeLabel, placeholder: l.language.strings.codePlaceholder(6)))
        expectNoTimersLeft(screen.clock)
    }

    @Test(
        "the fifth wrong code locks checks for 15 minutes, counted down; then they work again",
        arguments: SignUpLanguage.writtenInTests)
    func lockedAfterAttempts(language: SignUpLanguage) {
        let l = Localized(language: language)
        let screen = VerificationHarness(language: language)
        screen.sendCode()
        for _ in 1...5 {
            screen.model.setCode("000000")
            screen.clock.advance(by: .milliseconds(300))
        }
        #expect(
            screen.lines == [
                "destination: \"138 1234 5678\"",
                "send: [\(l("Resend in 59s", "重新发送(59s)"))] (disabled) {\(l("Send code: 59 seconds", "发送验证码: 59秒"))}",
                "code: \"\" (disabled) — \(l("Too many wrong codes. Try again in 15:00", "错误次数过多，请在15分钟后再试"))",
                "verify: [\(l("Verify", "验证"))] (disabled)",
                "message: \(l("Code sent to +86 ••• •••• 5678", "验证码已发送至 +86 ••• •••• 5678"))",
            ])
        screen.clock.advance(by: .seconds(61))
        #expect(screen.model.screen.code.message == l("Too many wrong codes. Try again in 13:59", "错误次数过多，请在13分59秒后再试"))
        screen.clock.advance(by: .seconds(840))
        #expect(
            screen.lines == [
                "destination: \"138 1234 5678\"", "send: [\(l("Resend", "重新发送"))]", "call: [\(l("Call me", "给我打电话"))]",
                "code: \"\" (disabled) — \(l("This code has expired. Request a new one", "验证码已过期，请重新获取"))",
                "verify: [\(l("Verify", "验证"))] (disabled)",
                "message: \(l("Code sent to +86 ••• •••• 5678", "验证码已发送至 +86 ••• •••• 5678"))",
            ])
        screen.model.tapSend()
        screen.clock.advance(by: .milliseconds(300))
        #expect(
            screen.model.screen.code
                == SecretFieldView(
                    value: .empty, message: l("Code expires in 5:00", "验证码将在5分钟后过期"),
                    label: l.language.strings.codeLabel, placeholder: l.language.strings.codePlaceholder(6)))
        expectNoTimersLeft(screen.clock)
    }

    @Test("a short lock is over: the code it killed says so, and Resend is back")
    func shortLock() {
        var settings = ScriptedServiceSettings()
        settings.lockDuration = .seconds(60)
        let screen = VerificationHarness(settings: settings)
        screen.sendCode()
        for _ in 1...5 {
            screen.model.setCode("000000")
            screen.clock.advance(by: .milliseconds(300))
        }
        #expect(screen.model.screen.sendButton.isEnabled == false)
        _ = screen.announcements.take()
        screen.clock.advance(by: .seconds(60))
        #expect(
            screen.lines == [
                "destination: \"138 1234 5678\"", "send: [Resend]", "call: [Call me]",
                "code: \"\" (disabled) — This code has expired. Request a new one", "verify: [Verify] (disabled)",
                "message: Code sent to +86 ••• •••• 5678",
            ])
        #expect(screen.announcements.values == ["You can request a new code now"])
        expectNoTimersLeft(screen.clock)
    }

    @Test("the code expires on its own clock, separate from the cooldown", arguments: SignUpLanguage.writtenInTests)
    func expiry(language: SignUpLanguage) {
        let l = Localized(language: language)
        let screen = VerificationHarness(language: language)
        screen.sendCode()
        screen.model.setCode("123")
        screen.clock.advance(by: .seconds(299))
        #expect(
            screen.model.screen.code
                == SecretFieldView(
                    value: Secret("123"), message: l("Code expires in 0:01", "验证码将在1秒后过期"),
                    label: l.language.strings.codeLabel, placeholder: l.language.strings.codePlaceholder(6)))
        screen.clock.advance(by: .seconds(1))
        #expect(
            screen.lines == [
                "destination: \"138 1234 5678\"", "send: [\(l("Resend", "重新发送"))]", "call: [\(l("Call me", "给我打电话"))]",
                "code: \"\" (disabled) — \(l("This code has expired. Request a new one", "验证码已过期，请重新获取"))",
                "verify: [\(l("Verify", "验证"))] (disabled)",
                "message: \(l("Code sent to +86 ••• •••• 5678", "验证码已发送至 +86 ••• •••• 5678"))",
            ])
        expectNoTimersLeft(screen.clock)
    }

    @Test("a resend makes the old code invalid and says so", arguments: SignUpLanguage.writtenInTests)
    func resendSupersedes(language: SignUpLanguage) {
        let l = Localized(language: language)
        let screen = VerificationHarness(language: language)
        screen.sendCode()
        let oldCode = screen.sentCode
        screen.clock.advance(by: .seconds(60))
        screen.model.tapSend()
        screen.clock.advance(by: .milliseconds(300))
        #expect(screen.sentCode != oldCode)
        #expect(
            screen.lines == [
                "destination: \"138 1234 5678\"",
                "send: [\(l("Resend in 60s", "重新发送(60s)"))] (disabled) {\(l("Send code: 60 seconds", "发送验证码: 60秒"))}",
                "code: \"\" — \(l("Code expires in 5:00", "验证码将在5分钟后过期"))", "verify: [\(l("Verify", "验证"))] (disabled)",
                "message: \(l("A new code was sent. The previous code no longer works", "新验证码已发送，之前的验证码已失效"))",
            ])
        screen.model.setCode(oldCode)
        screen.clock.advance(by: .milliseconds(300))
        #expect(
            screen.model.screen.code
                == SecretFieldView(
                    value: .empty,
                    message: l(
                        "This code was replaced by a newer one. Enter the latest code", "该验证码已失效，请输入最新的验证码"),
                    label: l.language.strings.codeLabel, placeholder: l.language.strings.codePlaceholder(6)))
        expectNoTimersLeft(screen.clock)
    }

    @Test(
        "a network error while checking keeps the code; Verify checks it again",
        arguments: SignUpLanguage.writtenInTests)
    func checkNetworkError(language: SignUpLanguage) {
        let l = Localized(language: language)
        let screen = VerificationHarness(language: language)
        screen.sendCode()
        screen.service.failNextCheck(with: .network)
        screen.model.setCode("Your code is \(screen.sentCode).")
        screen.clock.advance(by: .milliseconds(300))
        #expect(
            screen.lines == [
                "destination: \"138 1234 5678\"",
                "send: [\(l("Resend in 60s", "重新发送(60s)"))] (disabled) {\(l("Send code: 60 seconds", "发送验证码: 60秒"))}",
                "code: \"••••••\" — \(l("Network error. Tap Verify to try again", "网络错误，请重试验证"))",
                "verify: [\(l("Verify", "验证"))]",
                "message: \(l("Code sent to +86 ••• •••• 5678", "验证码已发送至 +86 ••• •••• 5678"))",
            ])
        screen.model.tapVerify()
        screen.model.tapVerify()
        screen.clock.advance(by: .milliseconds(300))
        #expect(screen.model.screen.isVerified)
        #expect(screen.clock.pendingTimers == [])
    }

    @Test("input is disabled before a code was sent and while checking; extra digits are dropped")
    func inputRules() {
        let screen = VerificationHarness()
        screen.model.setDestination("138 1234 5678")
        screen.model.setCode("123456")
        #expect(screen.model.state.code == .empty)
        screen.model.tapSend()
        screen.clock.advance(by: .milliseconds(300))
        screen.model.setCode("12 34 56 78")
        #expect(screen.model.state.code == Secret("123456"))
        #expect(screen.model.state.check == .checking)
        screen.model.setCode("654321")
        #expect(screen.model.state.code == Secret("123456"))
        screen.clock.advance(by: .milliseconds(300))
        #expect(screen.model.screen.code.message == "Wrong code. 4 attempts left")
        expectNoTimersLeft(screen.clock)
    }
}
