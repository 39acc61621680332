import Hourglass
import PhoneNumbers
import SignUp
import TestSupport
import Testing

@Suite("Verification screen: send failures and limits")
struct SendFailureTests {
    @Test("a network error shows its message and enables Retry", arguments: SignUpLanguage.writtenInTests)
    func networkError(language: SignUpLanguage) {
        let l = Localized(language: language)
        let screen = VerificationHarness(language: language)
        screen.service.failNextRequest(with: .network)
        screen.sendCode(to: "user@Example.COM")
        #expect(
            screen.lines == [
                "destination: \"user@Example.COM\"", "send: [\(l("Retry", "重试"))]",
                "code: \"\" (disabled)", "verify: [\(l("Verify", "验证"))] (disabled)",
                "message: \(l("Network error. Check your connection and retry", "网络错误，请检查网络后重试"))",
            ])
        screen.model.tapSend()
        screen.clock.advance(by: .milliseconds(300))
        #expect(
            screen.lines == [
                "destination: \"user@Example.COM\"",
                "send: [\(l("Resend in 60s", "重新发送(60s)"))] (disabled) {\(l("Send code: 60 seconds", "发送验证码: 60秒"))}",
                "code: \"\" — \(l("Code expires in 5:00", "验证码将在5分钟后过期"))", "verify: [\(l("Verify", "验证"))] (disabled)",
                "message: \(l("Code sent to u***@example.com", "验证码已发送至 u***@example.com"))",
            ])
        expectNoTimersLeft(screen.clock)
    }

    @Test("rate limited: Retry waits out the server's time, then is enabled", arguments: SignUpLanguage.writtenInTests)
    func rateLimited(language: SignUpLanguage) {
        let l = Localized(language: language)
        let screen = VerificationHarness(language: language)
        screen.service.failNextRequest(with: .rateLimited(retryAfter: .seconds(30)))
        screen.sendCode()
        #expect(
            screen.lines == [
                "destination: \"138 1234 5678\"",
                "send: [\(l("Retry in 30s", "重试(30s)"))] (disabled) {\(l("Send code: 30 seconds", "发送验证码: 30秒"))}",
                // A code may be in play: the field takes one that arrived.
                "code: \"\" — \(l("If a code arrived, enter it", "如已收到验证码，请直接输入"))",
                "verify: [\(l("Verify", "验证"))] (disabled)",
                "message: \(l("Too many requests. Retry in 30 seconds", "请求过于频繁，请30秒后重试"))",
            ])
        screen.clock.advance(by: .seconds(30))
        #expect(
            screen.lines == [
                "destination: \"138 1234 5678\"", "send: [\(l("Retry", "重试"))]", "call: [\(l("Call me", "给我打电话"))]",
                "code: \"\" — \(l("If a code arrived, enter it", "如已收到验证码，请直接输入"))",
                "verify: [\(l("Verify", "验证"))] (disabled)",
            ])
        expectNoTimersLeft(screen.clock)
    }

    @Test(
        "a number the server refuses: no Retry, which could never work; an edit makes it sendable",
        arguments: SignUpLanguage.writtenInTests)
    func invalidDestination(language: SignUpLanguage) {
        let l = Localized(language: language)
        let screen = VerificationHarness(language: language)
        screen.service.failNextRequest(with: .invalidDestination)
        screen.sendCode(to: "+44 20 7946 0958")
        #expect(
            screen.lines == [
                "destination: \"+44 20 7946 0958\"", "send: [\(l("Get code", "获取验证码"))] (disabled)",
                "code: \"\" (disabled)", "verify: [\(l("Verify", "验证"))] (disabled)",
                "message: \(l("This number or address cannot receive codes", "该号码或邮箱无法接收验证码"))",
            ])
        screen.model.setDestination("+44 7400 123456")
        #expect(screen.model.screen.sendButton.isEnabled && screen.model.screen.message == nil)
        expectNoTimersLeft(screen.clock)
    }

    @Test(
        "five sends an hour: the sixth waits for the window, with its own message",
        arguments: SignUpLanguage.writtenInTests)
    func localSendLimit(language: SignUpLanguage) {
        let l = Localized(language: language)
        let screen = VerificationHarness(language: language)
        screen.sendCode()
        for _ in 1...4 {
            screen.clock.advance(by: .seconds(60))
            screen.model.tapSend()
            screen.clock.advance(by: .milliseconds(300))
        }
        screen.clock.advance(by: .seconds(60))
        #expect(screen.model.state.sendTimes.count == 5)
        screen.model.tapSend()
        // The first send was at 0.3 s; now is 301.5 s: the window reopens at 3600.3 s.
        #expect(
            screen.lines == [
                "destination: \"138 1234 5678\"", "send: [\(l("Resend", "重新发送"))] (disabled)",
                "code: \"\" — \(l("Code expires in 4:00", "验证码将在4分钟后过期"))", "verify: [\(l("Verify", "验证"))] (disabled)",
                "message: \(l("Too many codes requested. Try again in 55 minutes", "获取验证码次数过多，请55分钟后再试"))",
            ])
        screen.clock.advance(to: .zero + .seconds(3_600))
        #expect(
            screen.model.screen.message == l("Too many codes requested. Try again in 1 minute", "获取验证码次数过多，请1分钟后再试"))
        screen.clock.advance(to: .zero + .milliseconds(3_600_300))
        #expect(
            screen.model.screen.sendButton
                == ButtonView(
                    title: l("Resend", "重新发送"), isEnabled: true, accessibilityLabel: l("Send code", "发送验证码")))
        expectNoTimersLeft(screen.clock)
    }

    @Test("the server's send limit has its wait and message")
    func serverSendLimit() {
        let screen = VerificationHarness()
        screen.service.failNextRequest(with: .sendLimitReached(retryAfter: .seconds(600)))
        screen.sendCode()
        #expect(
            screen.lines == [
                "destination: \"138 1234 5678\"", "send: [Retry] (disabled)",
                "code: \"\" — If a code arrived, enter it", "verify: [Verify] (disabled)",
                "message: Too many codes requested. Try again in 10 minutes",
            ])
        screen.clock.advance(by: .seconds(600))
        #expect(screen.model.screen.sendButton.isEnabled)
        expectNoTimersLeft(screen.clock)
    }
}
