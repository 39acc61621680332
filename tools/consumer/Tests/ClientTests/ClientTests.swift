import Clocks
import Foundation
import Hourglass
import HourglassDispatch
import PhoneNumbers
import SignUp
import Testing

#if canImport(HourglassLibevent)
import HourglassLibevent
#endif
#if canImport(HourglassGLib)
import HourglassGLib
#endif

/// What an app's own test target does with Hourglass, depended on by version.
@Suite("A client package uses Hourglass by version")
struct ClientTests {
    @Test("a 3 s countdown on the virtual clock ticks 2, 1, 0 and finishes once")
    func countdown() throws {
        let clock = VirtualClock()
        let seen = Recorder<String>()
        let countdown = try clock.countdown(for: .seconds(3)) { tick in
            seen.append("\(tick.remainingSeconds)")
        } onFinish: {
            seen.append("done")
        }
        clock.advance(by: .seconds(5))
        #expect(seen.values == ["2", "1", "0", "done"])
        #expect(countdown.state == .finished)
        #expect(clock.pendingTimers.isEmpty)
    }

    @Test("PhoneNumbers alone reads, writes and masks a Brazilian mobile as people type it")
    func phoneNumbersAlone() throws {
        let digits = try #require(PhoneNumbering.dialableDigits(of: "0xx11 98765-4321"))
        let e164 = StandardPhoneNumberParser().parse(digits, region: PhoneRegion("BR"))
        #expect(e164 == .success("+5511987654321"))
        #expect(StandardPhoneNumberFormatter().formatted("+5511987654321") == "+55 11 98765-4321")
        #expect(StandardPhoneNumberFormatter().masked("+5511987654321") == "+55 11 •••••-4321")
    }

    @Test("a verification flow reaches \"Resend in 59s\" one second after the code is sent")
    func verificationFlow() async throws {
        let clock = VirtualClock()
        let model = VerificationViewModel(
            config: VerificationConfig(cooldown: .seconds(60), language: .english),
            clock: clock, service: AppVerificationService())
        model.setDestination("+1 415 555 0100")
        #expect(clock.pendingTimers.isEmpty)
        model.tapSend()
        #expect(model.screen.sendButton.title == "Sending…")
        // The app's service answers from a task; its reply is handed to the clock as a timer.
        // Wait for it to be there before moving time, so the test cannot race the task.
        try await clock.waitForPendingTimers(1)
        clock.advance(by: .zero)
        #expect(model.screen.sendButton.title == "Resend in 60s")
        clock.advance(by: .seconds(1))
        #expect(model.screen.sendButton.title == "Resend in 59s")
        #expect(model.screen.sendButton.isEnabled == false)
    }

    @Test("an async service settles as the virtual clock advances, with no waiting call")
    func asyncServiceWithoutWaiting() {
        let clock = VirtualClock()
        let model = VerificationViewModel(
            config: VerificationConfig(cooldown: .seconds(60), language: .english),
            clock: clock, service: AppVerificationService())
        model.setDestination("+1 415 555 0100")
        model.tapSend()
        #expect(model.screen.sendButton.title == "Sending…")
        clock.advance(by: .seconds(1))
        #expect(model.screen.sendButton.title == "Resend in 59s")
    }

    @Test("the app's swift-clocks TestClock drives a countdown through AdaptedClock")
    func testClockCountdown() async throws {
        let testClock = TestClock()
        let clock = AdaptedClock(testClock)
        let seen = Recorder<String>()
        let countdown = try clock.countdown(for: .seconds(3)) { tick in
            seen.append("\(tick.remainingSeconds)")
        } onFinish: {
            seen.append("done")
        }
        await testClock.advance(by: .seconds(1))
        #expect(seen.values == ["2"])
        await testClock.advance(by: .seconds(2))
        #expect(seen.values == ["2", "1", "0", "done"])
        #expect(countdown.state == .finished)
    }

    @Test("the GCD clock runs a one-shot on its queue")
    func dispatchClock() async throws {
        let clock = DispatchClock()
        try await clock.sleep(for: .milliseconds(5))
        #expect(clock.pendingTimers.isEmpty)
    }

    #if canImport(HourglassLibevent)
    @Test("the libevent clock runs a one-shot on its loop (Linux)")
    func libeventClock() async throws {
        let clock = try LibeventClock()
        try clock.start()
        try await clock.sleep(for: .milliseconds(5))
        #expect(clock.pendingTimers.isEmpty)
        clock.shutdown()
    }
    #endif

    #if canImport(HourglassGLib)
    @Test("the GLib clock runs a one-shot on a context of its own (Linux)")
    func glibClock() async throws {
        let clock = try GLibClock()
        try await clock.sleep(for: .milliseconds(5))
        #expect(clock.pendingTimers.isEmpty)
        clock.shutdown()
    }
    #endif
}

/// What an app shows for a wrong code: its own words, the package's error, which may grow (the
/// compiler asks for `@unknown default`, tools/consumer-check shows it does).
func appMessage(for error: CodeCheckError) -> String {
    switch error {
    case .wrongCode(let left): "\(left) tries left"
    case .expired, .superseded: "Ask for a new code"
    case .locked: "Too many tries"
    case .rateLimited, .network, .serviceUnavailable: "Try again later"
    @unknown default: "Something went wrong"
    }
}

@Test("an app's switch over a package error ends with @unknown default, and reads its cases")
func appSwitch() {
    #expect(appMessage(for: .wrongCode(attemptsLeft: 2)) == "2 tries left")
}

/// The app's own service: answers at once, as a stub server would.
struct AppVerificationService: VerificationService {
    func requestCode(to destination: Destination) async throws -> CodeReceipt {
        CodeReceipt()
    }

    func verify(code: Secret, for destination: Destination) async throws -> VerificationProof {
        throw CodeCheckError.wrongCode(attemptsLeft: 4)
    }

    func register(_ request: RegistrationRequest) async throws {
        throw RegistrationError.network
    }
}

/// Values appended from any thread.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `storage` is only touched under `lock`.
    private let lock = NSLock()
    private var storage: [Value] = []
    func append(_ value: Value) { lock.withLock { storage.append(value) } }
    var values: [Value] { lock.withLock { storage } }
}
