import Foundation
import Hourglass
import PhoneNumbers
import SignUp
import TestSupport
import Testing

/// A server's waits (a 429's `Retry-After`, a lock) are kept like the cooldown: a restart
/// shows them at once instead of an enabled button that would hit the same 429.
@Suite("A server's wait survives a restart (real files)")
struct ServerWaitTests {
    private static func withStore(_ body: (FileCooldownStore) throws -> Void) rethrows {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hourglass-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(FileCooldownStore(directory: directory))
    }

    private static func model(
        _ service: any VerificationService, store: some CooldownStore, wall: ManualWallClock, clock: VirtualClock
    ) -> VerificationViewModel {
        VerificationViewModel(
            config: VerificationConfig(region: PhoneRegion("US")), clock: clock, service: service, store: store,
            wallClock: wall)
    }

    @Test("a 429 on the first send: after a restart 10 s later the button still waits 20 s")
    func rateLimitedBeforeAnyCode() {
        Self.withStore { store in
            let wall = ManualWallClock()
            let clock = VirtualClock()
            let first = Self.model(
                FailingService(error: CodeRequestError.rateLimited(retryAfter: .seconds(30))), store: store, wall: wall,
                clock: clock)
            first.setDestination("+1 415 555 0100")
            first.tapSend()
            clock.advance(by: .zero)
            #expect(first.screen.sendButton.title == "Retry in 30s")
            wall.advance(by: .seconds(10))
            let restartedClock = VirtualClock()
            let restarted = Self.model(
                FailingService(error: Offline()), store: store, wall: wall, clock: restartedClock)
            #expect(
                restarted.screen.lines == [
                    "destination: \"+1 415-555-0100\"",
                    "send: [Retry in 20s] (disabled) {Send code: 20 seconds}",
                    // A code may be in play: the field still takes it after the restart.
                    "code: \"\" — If a code arrived, enter it",
                    "verify: [Verify] (disabled)",
                    "message: Too many requests. Retry in 20 seconds",
                ])
            restartedClock.advance(by: .seconds(20))
            #expect(restarted.screen.sendButton.isEnabled)
            #expect(restarted.screen.sendButton.title == "Retry")
        }
    }

    @Test("a send limit the server imposed is kept for its whole wait")
    func sendLimitKept() {
        Self.withStore { store in
            let wall = ManualWallClock()
            let clock = VirtualClock()
            let first = Self.model(
                FailingService(error: CodeRequestError.sendLimitReached(retryAfter: .seconds(1_800))), store: store,
                wall: wall, clock: clock)
            first.setDestination("+1 415 555 0100")
            first.tapSend()
            clock.advance(by: .zero)
            wall.advance(by: .seconds(600))
            let restartedClock = VirtualClock()
            let restarted = Self.model(
                FailingService(error: Offline()), store: store, wall: wall, clock: restartedClock)
            #expect(!restarted.screen.sendButton.isEnabled)
            #expect(restarted.screen.message == "Too many codes requested. Try again in 20 minutes")
            restartedClock.advance(by: .seconds(1_200))
            #expect(restarted.screen.sendButton.isEnabled)
        }
    }

    @Test("a lock after too many wrong codes is kept: the code field stays locked after a restart")
    func lockKept() {
        Self.withStore { store in
            let wall = ManualWallClock()
            let first = VerificationHarness(store: store, wall: wall)
            first.sendCode()
            for _ in 0..<5 {
                first.model.setCode("000000")
                first.clock.advance(by: .milliseconds(300))
            }
            #expect(first.model.screen.code.message == "Too many wrong codes. Try again in 15:00")
            wall.advance(by: .seconds(60))
            let restarted = VerificationHarness(store: store, wall: wall)
            #expect(restarted.model.screen.code.message == "Too many wrong codes. Try again in 14:00")
            #expect(!restarted.model.screen.code.isEnabled)
            #expect(!restarted.model.screen.sendButton.isEnabled)
            restarted.clock.advance(by: .seconds(840))
            #expect(restarted.model.screen.sendButton.isEnabled)
        }
    }

    @Test("a 429 for another number moves the code step to it, across a restart")
    func otherDestinationTakesTheCodeStep() {
        Self.withStore { store in
            let wall = ManualWallClock()
            let first = VerificationHarness(store: store, wall: wall)
            first.sendCode()
            first.service.failNextRequest(with: .rateLimited(retryAfter: .seconds(30)))
            first.clock.advance(by: .seconds(60))
            first.model.setDestination("139 1234 5678")
            first.model.tapSend()
            first.clock.advance(by: .milliseconds(300))
            #expect(first.model.screen.message == "Too many requests. Retry in 30 seconds")
            #expect(first.model.state.sentTo?.normalized == "+8613912345678")
            let restarted = VerificationHarness(store: store, wall: wall)
            #expect(restarted.model.screen.destination.text == "+86 139 1234 5678")
            #expect(restarted.model.screen.code.isEnabled)
            #expect(restarted.model.screen.code.message == "If a code arrived, enter it")
        }
    }

    @Test("a code that expires during the cooldown says when a new one can come")
    func expiryDuringCooldown() {
        var settings = ScriptedServiceSettings()
        settings.codeLifetime = .seconds(20)
        let harness = VerificationHarness(language: .english, settings: settings)
        harness.sendCode()
        harness.clock.advance(by: .seconds(20))
        #expect(harness.model.screen.code.message == "This code has expired. You can request a new one in 0:40")
        harness.clock.advance(by: .seconds(15))
        #expect(harness.model.screen.code.message == "This code has expired. You can request a new one in 0:25")
        harness.clock.advance(by: .seconds(25))
        #expect(harness.model.screen.code.message == "This code has expired. Request a new one")
        #expect(harness.model.screen.sendButton.isEnabled)
        let chinese = VerificationHarness(language: .simplifiedChinese, settings: settings)
        chinese.sendCode()
        chinese.clock.advance(by: .seconds(20))
        #expect(chinese.model.screen.code.message == "验证码已过期，40秒后可重新获取")
    }

    @Test("the hook hears every failed call with the error the service threw, before it became .network")
    func hookHearsTheOriginal() {
        let clock = VirtualClock()
        let heard = Locked<[String]>([])
        let model = VerificationViewModel(
            clock: clock, service: FailingService(error: URLError(.timedOut)), wallClock: ManualWallClock(),
            onServiceFailure: { failure in heard.withLock { $0.append("\(failure.call) \(type(of: failure.error))") } })
        model.setDestination("new@example.com")
        model.tapSend()
        clock.advance(by: .zero)
        #expect(model.state.send == .failed(.network))
        #expect(heard.withLock { $0 } == ["requestCode URLError"])
    }

    @Test("the registration model hands its hook to its verification too")
    func registrationHook() {
        let clock = VirtualClock()
        let heard = Locked<[ServiceFailure.Call]>([])
        let model = RegistrationViewModel(
            clock: clock, service: FailingService(error: Offline()),
            wallClock: ManualWallClock(), onServiceFailure: { failure in heard.withLock { $0.append(failure.call) } })
        model.verification.setDestination("new@example.com")
        model.verification.tapSend()
        clock.advance(by: .zero)
        #expect(heard.withLock { $0 } == [.requestCode])
    }
}
