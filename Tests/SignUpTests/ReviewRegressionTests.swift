import Hourglass
import PhoneNumbers
import SignUp
import TestSupport
import Testing

/// Defects a code review found, each kept from coming back.
@Suite("Regressions from review")
struct ReviewRegressionTests {
    @Test("the destination cannot change while a code is being requested, nor once verified")
    func destinationLockedWhileSending() {
        let screen = VerificationHarness()
        screen.model.setDestination("138 1234 5678")
        screen.model.tapSend()
        screen.model.setDestination("not a number")
        screen.clock.advance(by: .milliseconds(300))
        #expect(screen.model.state.destinationText == "138 1234 5678")
        #expect(screen.model.state.sentTo == .phone("+8613812345678"))
        #expect(screen.model.screen.sendButton.title == "Resend in 60s")
        screen.model.setCode(screen.sentCode)
        screen.clock.advance(by: .milliseconds(300))
        screen.model.setDestination("user@example.com")
        #expect(screen.model.state.destinationText == "138 1234 5678")
        #expect(screen.model.state.isVerified)
    }

    @Test("numbers that are not digits (万, ⑩, 十) are dropped from a code, never trap")
    func nonDigitNumbers() {
        let screen = VerificationHarness()
        screen.sendCode()
        screen.model.setCode("1万2⑩3十４")
        #expect(screen.model.state.code == Secret("1234"))
        // Superscripts are numbers, not decimal digits (Nd): dropped as libphonenumber drops them.
        screen.model.setCode("1²2³٣۴")
        #expect(screen.model.state.code == Secret("1234"))
    }

    @Test("no resend while a code is being checked, so a late reply cannot undo a verification")
    func noResendWhileChecking() {
        let screen = VerificationHarness()
        screen.sendCode()
        screen.clock.advance(by: .seconds(60))
        screen.model.setCode(screen.sentCode)
        #expect(
            screen.model.screen.sendButton
                == ButtonView(title: "Resend", isEnabled: false, accessibilityLabel: "Send code"))
        screen.model.tapSend()
        #expect(screen.model.state.send == .sent)
        screen.clock.advance(by: .milliseconds(300))
        #expect(screen.model.state.isVerified)
    }

    @Test("after the server's send limit the message goes and Resend is announced")
    func sendLimitOver() {
        let screen = VerificationHarness()
        screen.service.failNextRequest(with: .sendLimitReached(retryAfter: .seconds(120)))
        screen.sendCode()
        _ = screen.announcements.take()
        screen.clock.advance(by: .seconds(120))
        #expect(
            screen.lines == [
                "destination: \"138 1234 5678\"", "send: [Retry]", "call: [Call me]",
                "code: \"\" — If a code arrived, enter it",
                "verify: [Verify] (disabled)",
            ])
        #expect(screen.announcements.values == ["You can request a new code now"])
    }

    @Test("announced waits round up like the screen: 1.5 s is said as 2 seconds")
    func announcedWaitsRoundUp() {
        let screen = VerificationHarness()
        screen.service.failNextRequest(with: .rateLimited(retryAfter: .milliseconds(1_500)))
        screen.sendCode()
        #expect(screen.model.screen.sendButton.title == "Retry in 2s")
        #expect(screen.announcements.values == ["Too many requests. Retry in 2 seconds"])
    }

    @Test("registration sends the verified destination")
    func registersTheVerifiedAccount() {
        let screen = RegistrationHarness()
        screen.verify("new@example.com")
        screen.model.verification.setDestination("other@example.com")
        screen.model.setPassword("a long enough passphrase")
        screen.model.setConfirmation("a long enough passphrase")
        screen.model.toggleTerms()
        screen.model.tapSubmit()
        screen.clock.advance(by: .milliseconds(300))
        #expect(screen.model.screen.message == "Account created")
        #expect(screen.model.verification.state.destinationText == "new@example.com")
    }
}
