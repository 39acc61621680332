import Foundation
import Hourglass
import PhoneNumbers
import SignUp
import TestSupport
import Testing

/// A service's failure (no connection, a timeout, a 5xx, an answer outside the contract) is
/// told apart from a server's refusal: only failures reach `onServiceFailure`, and a failure of
/// the service itself has its own words. A refused proof leads back to the code step.
@Suite("Failures and refusals, and a refused proof")
struct ServiceOutcomeTests {
    /// A service's own error that says the service failed (a 503, say).
    private struct Unavailable: ServiceFault {
        var isServiceUnavailable: Bool { true }
    }

    @Test("a refusal is shown and not heard; a failure is heard once, with the error as thrown")
    func onlyFailuresAreHeard() {
        let clock = VirtualClock()
        let heard = Locked<[String]>([])
        let refusing = VerificationViewModel(
            clock: clock, service: FailingService(error: CodeRequestError.rateLimited(retryAfter: .seconds(5))),
            wallClock: ManualWallClock(), onServiceFailure: { failure in heard.withLock { $0.append("\(failure)") } })
        refusing.setDestination("new@example.com")
        refusing.tapSend()
        clock.advance(by: .zero)
        #expect(refusing.state.send == .failed(.rateLimited(retryAfter: .seconds(5))))
        #expect(heard.withLock { $0 } == [])
        let failing = VerificationViewModel(
            clock: clock, service: FailingService(error: Unavailable()), wallClock: ManualWallClock(),
            onServiceFailure: { failure in heard.withLock { $0.append("\(failure)") } })
        failing.setDestination("new@example.com")
        failing.tapSend()
        clock.advance(by: .zero)
        #expect(failing.state.send == .failed(.serviceUnavailable))
        #expect(failing.screen.message == "The service is not available right now. Retry in a moment")
        #expect(heard.withLock { $0 } == ["requestCode failed: Unavailable()"])
    }

    @Test(
        "a service that fails while checking keeps the code for Verify, in its own words",
        arguments: [
            (SignUpLanguage.english, "The service is not available right now. Tap Verify to try again"),
            (.simplifiedChinese, "服务暂时不可用，请稍后重试验证"),
        ])
    func checkFailure(language: SignUpLanguage, message: String) {
        let screen = VerificationHarness(language: language)
        screen.sendCode()
        let code = screen.sentCode
        screen.service.failNextCheck(with: .serviceUnavailable)
        screen.model.setCode(code)
        screen.clock.advance(by: .milliseconds(300))
        #expect(screen.model.screen.code.message == message)
        #expect(screen.model.state.code == Secret(code))
        screen.model.tapVerify()
        screen.clock.advance(by: .milliseconds(300))
        #expect(screen.model.state.isVerified)
        expectNoTimersLeft(screen.clock)
    }

    @Test(
        "a refused proof: back to the code step for the same number, then a new code registers",
        arguments: [
            (SignUpLanguage.english, "Your verification has expired. Get a new code"),
            (.simplifiedChinese, "验证已失效，请重新获取验证码"),
        ])
    func proofRejected(language: SignUpLanguage, message: String) {
        let screen = RegistrationHarness(language: language)
        screen.verify()
        screen.model.setPassword("a long enough passphrase")
        screen.model.setConfirmation("a long enough passphrase")
        screen.model.toggleTerms()
        screen.clock.advance(by: .seconds(60))
        screen.service.failNextRegistration(with: .proofRejected)
        screen.model.tapSubmit()
        screen.clock.advance(by: .milliseconds(300))
        let account = screen.model.screen.account
        #expect(screen.model.screen.message == message)
        #expect(!screen.model.verification.state.isVerified)
        #expect(account.destination.text == "new@example.com" && account.destination.isEnabled)
        #expect(!account.code.isEnabled && account.sendButton.isEnabled)
        #expect(!screen.model.screen.submitButton.isEnabled)
        screen.verify()
        #expect(screen.model.verification.state.isVerified)
        #expect(screen.model.screen.message == nil)
        screen.model.tapSubmit()
        screen.clock.advance(by: .milliseconds(300))
        #expect(screen.model.form.submission == .succeeded)
    }

    @Test("the scripted server refuses a used proof as the real one does")
    func usedProof() {
        let screen = RegistrationHarness()
        screen.verify()
        guard case .verified(let proof) = screen.model.verification.state.check,
            let account = screen.model.verification.state.sentTo
        else {
            Issue.record("not verified")
            return
        }
        let request = RegistrationRequest(account: account, password: Secret("a long enough passphrase"), proof: proof)
        let results = Locked<[Result<Void, RegistrationError>]>([])
        screen.service.register(request) { result in results.withLock { $0.append(result) } }
        screen.service.register(request) { result in results.withLock { $0.append(result) } }
        screen.clock.advance(by: .milliseconds(300))
        let outcomes = results.withLock { $0 }.map { result -> RegistrationError? in
            if case .failure(let error) = result { error } else { nil }
        }
        #expect(outcomes == [nil, .proofRejected])
    }
}
