import Hourglass
import Observation
import PhoneNumbers
import SignUp
import TestSupport
import Testing

@Suite("Verification screen: the happy path, in both languages")
struct VerificationFlowTests {
    @Test(
        "first show: Get code disabled and no field message until the field is edited",
        arguments: SignUpLanguage.writtenInTests)
    func firstShow(language: SignUpLanguage) {
        let l = Localized(language: language)
        let screen = VerificationHarness(language: language)
        #expect(
            screen.lines == [
                "destination: \"\"", "send: [\(l("Get code", "获取验证码"))] (disabled)",
                "code: \"\" (disabled)", "verify: [\(l("Verify", "验证"))] (disabled)",
            ])
        screen.model.setDestination("1381234")
        #expect(
            screen.lines == [
                "destination: \"138 1234\" — \(l("A mainland China mobile number has 11 digits starting with 1", "手机号应为以1开头的11位数字"))",
                "send: [\(l("Get code", "获取验证码"))] (disabled)",
                "code: \"\" (disabled)", "verify: [\(l("Verify", "验证"))] (disabled)",
            ])
        screen.model.setDestination("１３８－１２３４－５６７８")
        #expect(
            screen.lines == [
                "destination: \"138 1234 5678\"", "send: [\(l("Get code", "获取验证码"))]",
                "code: \"\" (disabled)", "verify: [\(l("Verify", "验证"))] (disabled)",
            ])
        #expect(screen.model.state.destination == .success(.phone("+8613812345678")))
        expectNoTimersLeft(screen.clock)
    }

    @Test(
        "send, count down 60…1 from the deadline, then Resend; verify an autofilled code",
        arguments: SignUpLanguage.writtenInTests)
    func happyPath(language: SignUpLanguage) {
        let l = Localized(language: language)
        let screen = VerificationHarness(language: language)
        screen.model.setDestination("+86 138 1234 5678")
        screen.model.tapSend()
        screen.model.tapSend()
        #expect(
            screen.lines == [
                "destination: \"+86 138 1234 5678\" (disabled)", "send: [\(l("Sending…", "发送中…"))] (disabled)",
                "code: \"\" (disabled)", "verify: [\(l("Verify", "验证"))] (disabled)",
            ])
        screen.clock.advance(by: .milliseconds(300))
        let sentTo = l("Code sent to +86 ••• •••• 5678", "验证码已发送至 +86 ••• •••• 5678")
        #expect(
            screen.lines == [
                "destination: \"+86 138 1234 5678\"",
                "send: [\(l("Resend in 60s", "重新发送(60s)"))] (disabled) {\(l("Send code: 60 seconds", "发送验证码: 60秒"))}",
                "code: \"\" — \(l("Code expires in 5:00", "验证码将在5分钟后过期"))", "verify: [\(l("Verify", "验证"))] (disabled)",
                "message: \(sentTo)",
            ])
        screen.clock.advance(by: .seconds(59))
        #expect(
            screen.lines == [
                "destination: \"+86 138 1234 5678\"",
                "send: [\(l("Resend in 1s", "重新发送(1s)"))] (disabled) {\(l("Send code: 1 second", "发送验证码: 1秒"))}",
                "code: \"\" — \(l("Code expires in 4:01", "验证码将在4分1秒后过期"))",
                "verify: [\(l("Verify", "验证"))] (disabled)",
                "message: \(sentTo)",
            ])
        screen.clock.advance(by: .seconds(1) - .nanoseconds(1))
        #expect(screen.model.screen.sendButton.title == l("Resend in 1s", "重新发送(1s)"))
        screen.clock.advance(by: .nanoseconds(1))
        #expect(
            screen.lines == [
                "destination: \"+86 138 1234 5678\"", "send: [\(l("Resend", "重新发送"))]",
                "call: [\(l("Call me", "给我打电话"))]",
                "code: \"\" — \(l("Code expires in 4:00", "验证码将在4分钟后过期"))", "verify: [\(l("Verify", "验证"))] (disabled)",
                "message: \(sentTo)",
            ])
        let countdown = (1...60).reversed().map { l("Resend in \($0)s", "重新发送(\($0)s)") }
        #expect(
            screen.sendTitles.values == [l("Get code", "获取验证码"), l("Sending…", "发送中…")] + countdown + [
                l("Resend", "重新发送")
            ])
        #expect(
            screen.announcements.values == [
                sentTo, l("You can request a new code in 30 seconds", "30秒后可重新获取验证码"),
                l("You can request a new code in 10 seconds", "10秒后可重新获取验证码"),
                l("You can request a new code now", "现在可以重新获取验证码"),
            ])

        let code = screen.sentCode
        screen.model.setCode(code.prefix(3) + "-" + code.dropFirst(3))
        #expect(
            screen.lines == [
                // Held while its code is checked: the proof will be for this destination.
                "destination: \"+86 138 1234 5678\" (disabled)", "send: [\(l("Resend", "重新发送"))] (disabled)",
                "code: \"••••••\" (disabled)", "verify: [\(l("Verifying…", "验证中…"))] (disabled)",
                "message: \(sentTo)",
            ])
        screen.clock.advance(by: .milliseconds(300))
        #expect(
            screen.lines == [
                "destination: \"+86 138 1234 5678\" (disabled)", "send: [\(l("Resend", "重新发送"))] (disabled)",
                "code: \"••••••\" (disabled) — \(l("Verified", "验证成功"))", "verify: [\(l("Verify", "验证"))] (disabled)",
                "verified: yes",
            ])
        #expect(screen.announcements.values.last == l("Verified", "验证成功"))
        #expect(screen.clock.pendingTimers == [])
    }

    @Test("a suspension mid-cooldown shows the true value at once, with no burst of stale ticks")
    func suspension() {
        let screen = VerificationHarness()
        screen.sendCode()
        screen.clock.advance(by: .seconds(5))
        _ = screen.sendTitles.take()
        screen.clock.suspend(for: .milliseconds(25_500))
        #expect(screen.sendTitles.values == ["Resend in 30s"])
        #expect(screen.model.screen.code.message == "Code expires in 4:30")
        screen.clock.suspend(for: .seconds(600))
        #expect(
            screen.lines == [
                "destination: \"138 1234 5678\"", "send: [Resend]", "call: [Call me]",
                "code: \"\" (disabled) — This code has expired. Request a new one", "verify: [Verify] (disabled)",
                "message: Code sent to +86 ••• •••• 5678",
            ])
        expectNoTimersLeft(screen.clock)
    }

    @Test("a server's resend-after overrides the configured cooldown")
    func serverCooldown() {
        var settings = ScriptedServiceSettings()
        settings.resendAfter = .seconds(90)
        let screen = VerificationHarness(settings: settings)
        screen.sendCode()
        #expect(
            screen.model.screen.sendButton
                == ButtonView(
                    title: "Resend in 90s", isEnabled: false, accessibilityLabel: "Send code",
                    accessibilityValue: "90 seconds"))
        screen.clock.advance(by: .seconds(60))
        #expect(screen.model.screen.sendButton.title == "Resend in 30s")
        screen.clock.advance(by: .seconds(30))
        #expect(screen.model.screen.sendButton.title == "Resend")
        expectNoTimersLeft(screen.clock)
    }

    @Test("the state's description never shows the code")
    func secretsMasked() {
        let screen = VerificationHarness()
        screen.sendCode()
        screen.model.setCode("97531")
        let described = String(describing: screen.model.state) + String(reflecting: screen.model.state)
        var dumped = ""
        dump(screen.model.state, to: &dumped)
        #expect(!described.contains("97531") && !dumped.contains("97531"))
        #expect(described.contains("•••••"))
        #expect(screen.model.state.code.revealed == "97531")
    }
}

@Suite("Observation")
struct ObservationTests {
    @Test("reading the screen inside withObservationTracking is told of the next change")
    func observed() {
        let screen = VerificationHarness()
        let changed = Recorder<Bool>()
        withObservationTracking {
            _ = screen.model.screen.sendButton.title
        } onChange: {
            changed.append(true)
        }
        #expect(changed.values == [])
        screen.model.setDestination("138 1234 5678")
        #expect(changed.values == [true])
        let registration = RegistrationHarness()
        withObservationTracking {
            _ = registration.model.screen
        } onChange: {
            changed.append(true)
        }
        registration.model.setPassword("a long enough passphrase")
        #expect(changed.values == [true, true])
    }
}
