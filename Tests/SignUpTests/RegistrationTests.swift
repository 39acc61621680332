import Hourglass
import SignUp
import TestSupport
import Testing

@Suite("Registration screen")
struct RegistrationTests {
    @Test("first show: no field messages, Create account disabled", arguments: SignUpLanguage.writtenInTests)
    func firstShow(language: SignUpLanguage) {
        let l = Localized(language: language)
        let screen = RegistrationHarness(language: language)
        #expect(
            screen.lines == [
                "account.destination: \"\"", "account.send: [\(l("Get code", "获取验证码"))] (disabled)",
                "account.code: \"\" (disabled)", "account.verify: [\(l("Verify", "验证"))] (disabled)",
                "password: \"\"", "confirm: \"\"", "terms: [ ] \(l("I agree to the Terms of Service", "我已阅读并同意服务条款"))",
                "submit: [\(l("Create account", "注册"))] (disabled)",
            ])
    }

    @Test(
        "verify, choose a password, confirm it, accept the terms, create the account",
        arguments: SignUpLanguage.writtenInTests)
    func wholeFlow(language: SignUpLanguage) {
        let l = Localized(language: language)
        let screen = RegistrationHarness(language: language)
        screen.verify()
        screen.model.setPassword("short")
        #expect(
            screen.model.screen.password
                == SecretFieldView(
                    value: Secret("short"), message: l("Use at least 8 characters", "密码至少需要8个字符"),
                    label: l.language.strings.passwordLabel, placeholder: l.language.strings.passwordPlaceholder(8)))
        screen.model.setPassword("Password123")
        #expect(
            screen.model.screen.password.message == l("This password is too common. Choose another", "这个密码太常见，请换一个"))
        screen.model.setPassword("abcdefghij")
        #expect(screen.model.screen.password.message == l("Avoid repeated or sequential characters", "请不要使用重复或连续的字符"))
        screen.model.setPassword("new@example.com1")
        #expect(screen.model.screen.password.message == l("Do not use your account name in the password", "密码不能包含账号"))
        screen.model.setPassword("correct horse battery")
        screen.model.setConfirmation("correct horse")
        screen.model.toggleTerms()
        #expect(
            screen.lines == [
                "account.destination: \"new@example.com\" (disabled)",
                "account.send: [\(l("Resend", "重新发送"))] (disabled)",
                "account.code: \"••••••\" (disabled) — \(l("Verified", "验证成功"))",
                "account.verify: [\(l("Verify", "验证"))] (disabled)",
                "account.verified: yes",
                "password: \"•••••••••••••••••••••\" — \(l("Strength: strong", "密码强度：强"))",
                "confirm: \"•••••••••••••\" — \(l("The passwords do not match", "两次输入的密码不一致"))",
                "terms: [x] \(l("I agree to the Terms of Service", "我已阅读并同意服务条款"))",
                "submit: [\(l("Create account", "注册"))] (disabled)",
            ])
        screen.model.setConfirmation("correct horse battery")
        #expect(screen.model.screen.submitButton.isEnabled)
        screen.model.tapSubmit()
        screen.model.tapSubmit()
        #expect(
            Array(screen.lines.suffix(4)) == [
                "password: \"•••••••••••••••••••••\" (disabled) — \(l("Strength: strong", "密码强度：强"))",
                "confirm: \"•••••••••••••••••••••\" (disabled)",
                "terms: [x] \(l("I agree to the Terms of Service", "我已阅读并同意服务条款")) (disabled)",
                "submit: [\(l("Creating account…", "注册中…"))] (disabled)",
            ])
        screen.clock.advance(by: .milliseconds(300))
        #expect(
            Array(screen.lines.suffix(2)) == [
                "submit: [\(l("Create account", "注册"))] (disabled)", "message: \(l("Account created", "注册成功"))",
            ])
        #expect(screen.clock.pendingTimers == [])
    }

    @Test("Create account needs a verified account, a valid matching password and the terms")
    func submitRules() {
        let screen = RegistrationHarness()
        screen.model.setPassword("a long enough passphrase")
        screen.model.setConfirmation("a long enough passphrase")
        screen.model.toggleTerms()
        #expect(screen.model.screen.submitButton.isEnabled == false)
        screen.model.tapSubmit()
        #expect(screen.model.form.submission == .idle)
        screen.verify()
        #expect(screen.model.screen.submitButton.isEnabled)
        screen.model.toggleTerms()
        #expect(screen.model.screen.submitButton.isEnabled == false)
        #expect(screen.model.screen.terms == ToggleView(title: "I agree to the Terms of Service", isOn: false))
        // Every change of the form and of the account's verification was reported.
        #expect(screen.changes.values.count == 9)
        #expect(screen.changes.values.last == screen.model.screen)
    }

    @Test(
        "errors: network, server message, and an existing account told only after verification",
        arguments: SignUpLanguage.writtenInTests)
    func errors(language: SignUpLanguage) {
        let l = Localized(language: language)
        let screen = RegistrationHarness(language: language)
        screen.service.addExistingAccount(.email("taken@example.com"))
        screen.verify("taken@example.com")
        #expect(screen.model.verification.state.isVerified)
        screen.model.setPassword("a long enough passphrase")
        screen.model.setConfirmation("a long enough passphrase")
        screen.model.toggleTerms()
        screen.service.failNextRegistration(with: .network)
        screen.model.tapSubmit()
        screen.clock.advance(by: .milliseconds(300))
        #expect(
            Array(screen.lines.suffix(2)) == [
                "submit: [\(l("Create account", "注册"))]", "message: \(l("Network error. Try again", "网络错误，请重试"))",
            ])
        screen.service.failNextRegistration(with: .serviceUnavailable)
        screen.model.tapSubmit()
        screen.clock.advance(by: .milliseconds(300))
        #expect(
            screen.model.screen.message
                == l("The service is not available right now. Try again later", "服务暂时不可用，请稍后再试"))
        screen.service.failNextRegistration(with: .weakPassword([.common]))
        screen.model.tapSubmit()
        screen.clock.advance(by: .milliseconds(300))
        #expect(
            screen.model.screen.message
                == l(
                    "The server refused this password. This password is too common. Choose another",
                    "服务器拒绝了该密码：这个密码太常见，请换一个"))
        screen.model.tapSubmit()
        screen.clock.advance(by: .milliseconds(300))
        #expect(
            Array(screen.lines.suffix(2)) == [
                "submit: [\(l("Create account", "注册"))]",
                "message: \(l("This account already exists. Sign in instead", "该账号已注册，请直接登录"))",
            ])
    }

    @Test("requesting a code looks the same for an existing account and a new one")
    func noEnumeration() {
        let existing = RegistrationHarness()
        existing.service.addExistingAccount(.email("taken@example.com"))
        let fresh = RegistrationHarness()
        for screen in [existing, fresh] {
            screen.model.verification.setDestination("taken@example.com")
            screen.model.verification.tapSend()
            screen.clock.advance(by: .milliseconds(300))
        }
        #expect(existing.lines == fresh.lines)
        #expect(existing.clock.now == fresh.clock.now)
    }
}

@Suite("Scripted service lifetime")
struct ScriptedServiceLifetimeTests {
    @Test("a reply still pending on the clock does not keep the service alive (a leak found by fuzzing)")
    func pendingReplyDoesNotLeak() {
        let clock = VirtualClock()
        weak var released: ScriptedVerificationService?
        do {
            let service = ScriptedVerificationService(clock: clock)
            released = service
            service.verify(code: Secret("123456"), for: .email("a@example.com")) { _ in }
            service.register(
                RegistrationRequest(
                    account: .email("a@example.com"), password: Secret("a long passphrase"),
                    proof: VerificationProof(token: Secret("proof-1")))
            ) { _ in }
        }
        #expect(released == nil)
        #expect(clock.pendingTimers.count == 2)
        clock.advance(by: .seconds(1))
        #expect(clock.pendingTimers == [])
    }
}
