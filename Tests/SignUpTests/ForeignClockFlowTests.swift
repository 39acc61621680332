import Clocks
import Foundation
import Hourglass
import TestSupport
import Testing

@testable import SignUp

/// The models on a clock an app team already tests with: swift-clocks' `TestClock`, through
/// `AdaptedClock`, shows the same screens at the same instants as `VirtualClock`.
@Suite("The verification flow on swift-clocks' TestClock")
struct ForeignClockFlowTests {
    /// A verification flow: send, a wrong code, a resend after the cooldown, the right code.
    /// `advance` moves the test's clock; inputs come from the test, off the clock's context.
    static func flow(on clock: any TimerClock, advance: (Duration) async -> Void) async -> [String] {
        let service = ScriptedVerificationService(clock: clock)
        let lines = Recorder<String>()
        let shown = Recorder<[String]>()
        let model = VerificationViewModel(
            config: VerificationConfig(cooldown: .seconds(5)), clock: clock, service: service,
            wallClock: ManualWallClock(),
            onChange: { state in
                let screen = VerificationScreen(state).lines
                let before = shown.values.last ?? []
                for line in screen where !before.contains(line) {
                    lines.append("\(state.now.nanoseconds / 1_000_000) \(line)")
                }
                shown.append(screen)
            })
        model.setDestination("+86 138 1234 5678")
        await advance(.zero)
        model.tapSend()
        await advance(.seconds(2))
        model.setCode("000000")
        model.tapVerify()
        await advance(.seconds(4))
        model.tapSend()
        await advance(.seconds(1))
        guard case .success(let destination) = model.state.destination,
            let code = service.lastCode(sentTo: destination)
        else { return lines.values + ["no code was sent"] }
        model.setCode(code.revealed)
        model.tapVerify()
        await advance(.seconds(1))
        return lines.values
    }

    @Test("the same screens at the same instants as on VirtualClock, every one of 20 runs")
    func sameScreens() async {
        let virtual = VirtualClock()
        let expected = await Self.flow(on: virtual) { virtual.advance(by: $0) }
        // With the destination field held (disabled) while each code is checked.
        #expect(expected.count == 37)
        #expect(expected.contains(#"2300 code: "" — Wrong code. 4 attempts left"#))
        #expect(expected.contains("6300 message: A new code was sent. The previous code no longer works"))
        #expect(expected.last == "7300 verified: yes")
        for _ in 0..<20 {
            let base = TestClock()
            let clock = AdaptedClock(base)
            let lines = await Self.flow(on: clock) { await base.advance(by: $0) }
            #expect(lines == expected)
            if lines != expected { break }
        }
    }

    /// An app's actor backend (400 ms replies, sleeping on the model's clock) on
    /// `AdaptedClock(TestClock())`: tapSend, then one `advance`.
    static func actorBackendTranscript() async -> [String] {
        let base = TestClock()
        let (model, lines) = SlowBackend.recordedScreen(on: AdaptedClock(base))
        model.setDestination("new@example.com")
        model.tapSend()
        await base.advance(by: .seconds(3))
        return lines.values
    }

    @Test("an actor backend on AdaptedClock(TestClock()): its reply lands at 0.400 in 1 000 of 1 000 runs")
    func actorBackendOnTestClock() async {
        let expected = SettledWorkTests.slowBackendTranscript { clock, model in
            model.setDestination("new@example.com")
            model.tapSend()
            clock.advance(by: .seconds(3))
        }
        #expect(expected.count == 14)
        var transcripts: [[String]: Int] = [:]
        for _ in 0..<1_000 {
            transcripts[await Self.actorBackendTranscript(), default: 0] += 1
        }
        #expect(transcripts == [expected: 1_000])
    }

    @Test(
        "on AdaptedClock(TestClock()), a call superseded mid-sleep ends off the canceller's thread; a model released mid-call leaves nothing"
    )
    func supersededAndReleasedMidCall() async {
        // Task executors (macOS 15, iOS 18, Linux) run the call inline; before, it is a plain task.
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return }
        let base = TestClock()
        let clock = AdaptedClock(base)
        let calls = ServiceCalls<VerificationCall>(clock: clock)
        let (inline, inlineContinuation) = AsyncStream.makeStream(of: Bool.self)
        // The thread superseding the call, while it does so.
        let superseding = Locked<pthread_t?>(nil)
        let first = calls.begin(.codeCheck)
        calls.run(first) {
            do { try await clock.sleep(for: .seconds(100)) } catch {
                // Resumed by the cancellation: handed to the global executor, so it never runs
                // inside `Task.cancel()`, on the thread that superseded it.
                let thread = superseding.withLock { $0 }
                inlineContinuation.yield(thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false)
            }
        }
        #expect(clock.pendingTimers.count == 1)  // the first call's sleep, registered inline
        superseding.withLock { $0 = pthread_self() }
        let second = calls.begin(.codeCheck)
        superseding.withLock { $0 = nil }
        var iterator = inline.makeAsyncIterator()
        #expect(await iterator.next() == false)
        #expect(calls.finish(first) == false)
        #expect(calls.finish(second) == true)
        // A registration released while its account is created: its call is cancelled, and both
        // models go, with nothing left on the clock once the cancelled sleep has ended.
        let service = SlowBackend(clock: clock)
        var model: RegistrationViewModel? = RegistrationViewModel(
            config: VerificationConfig(cooldown: .seconds(3)), clock: clock, service: service,
            wallClock: ManualWallClock())
        weak let released = model
        weak let account = model?.verification
        model?.verification.setDestination("new@example.com")
        model?.verification.tapSend()
        await base.advance(by: .seconds(1))
        model?.verification.setCode("123456")
        await base.advance(by: .seconds(1))
        #expect(model?.verification.state.isVerified == true)
        model?.setPassword("correct horse battery")
        model?.setConfirmation("correct horse battery")
        model?.toggleTerms()
        model?.tapSubmit()
        await base.advance()  // the inputs, handed to the clock, run: the service sleeps
        #expect(model?.screen.submitButton.title == "Creating account…")
        model = nil
        await base.advance(by: .seconds(1))
        #expect(released == nil)
        #expect(account == nil)
        #expect(clock.pendingTimers.isEmpty)
    }
}
