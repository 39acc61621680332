import Dispatch
import Foundation
import SignUp
import TestSupport
import Testing

@testable import Hourglass

/// The issue's trial: an app's async backend on `VirtualClock`, with no waiting call. Every
/// test here is synchronous: the clock runs the task work itself, on the test's thread.
@Suite("VirtualClock: time waits for the async work it wakes")
struct SettledWorkTests {
    /// Each screen line that changed, stamped with the state's instant in milliseconds.
    static func slowBackendTranscript(_ steps: (VirtualClock, VerificationViewModel) -> Void) -> [String] {
        let clock = VirtualClock()
        let (model, lines) = SlowBackend.recordedScreen(on: clock)
        steps(clock, model)
        return lines.values
    }

    @Test("an actor backend's 400 ms reply lands at 0.400 in 1 000 of 1 000 runs of tapSend(); advance(by: 3s)")
    func actorBackendReply() {
        var transcripts: [[String]: Int] = [:]
        for _ in 0..<1_000 {
            let transcript = Self.slowBackendTranscript { clock, model in
                model.setDestination("new@example.com")
                model.tapSend()
                clock.advance(by: .seconds(3))
            }
            transcripts[transcript, default: 0] += 1
        }
        #expect(
            transcripts == [
                [
                    #"0 destination: "new@example.com""#, "0 send: [Get code]", #"0 code: "" (disabled)"#,
                    "0 verify: [Verify] (disabled)", #"0 destination: "new@example.com" (disabled)"#,
                    "0 send: [Sending…] (disabled)",
                    #"400 destination: "new@example.com""#,
                    "400 send: [Resend in 3s] (disabled) {Send code: 3 seconds}",
                    #"400 code: "" — Code expires in 5:00"#, "400 message: Code sent to n***@example.com",
                    "1400 send: [Resend in 2s] (disabled) {Send code: 2 seconds}",
                    #"1400 code: "" — Code expires in 4:59"#,
                    "2400 send: [Resend in 1s] (disabled) {Send code: 1 second}",
                    #"2400 code: "" — Code expires in 4:58"#,
                ]: 1_000
            ])
    }

    @Test("a whole flow with the actor backend: send, a wrong code, the right code, each reply 400 ms later")
    func actorBackendFlow() {
        let transcript = Self.slowBackendTranscript { clock, model in
            model.setDestination("new@example.com")
            model.tapSend()
            clock.advance(by: .seconds(1))
            model.setCode("654321")
            model.tapVerify()
            clock.advance(by: .seconds(1))
            model.setCode("123456")
            model.tapVerify()
            clock.advance(by: .seconds(5))
            #expect(model.state.check == .verified(VerificationProof(token: Secret("token"))))
            #expect(clock.pendingTimers == [])
        }
        #expect(
            transcript.drop { !$0.hasPrefix("1000") } == [
                // The destination is held while its code is checked: the proof is for it.
                #"1000 destination: "new@example.com" (disabled)"#,
                #"1000 code: "••••••" (disabled)"#, "1000 verify: [Verifying…] (disabled)",
                "1400 send: [Resend in 2s] (disabled) {Send code: 2 seconds}",
                #"1400 destination: "new@example.com""#,
                #"1400 code: "" — Wrong code. 2 attempts left"#, "1400 verify: [Verify] (disabled)",
                #"2000 destination: "new@example.com" (disabled)"#,
                #"2000 code: "••••••" (disabled)"#, "2000 verify: [Verifying…] (disabled)",
                "2400 send: [Resend in 1s] (disabled) {Send code: 1 second}", "2400 send: [Resend] (disabled)",
                #"2400 code: "••••••" (disabled) — Verified"#, "2400 verify: [Verify] (disabled)", "2400 verified: yes",
            ])
    }

    @Test("a hand-written sleep loop in a task of the clock shows every tick in one big advance")
    func sleepLoopTicks() {
        let clock = VirtualClock()
        let shown = Recorder<String>()
        clock.startTask {
            for left in (1...3).reversed() {
                shown.append("\(clock.now.nanoseconds / 1_000_000_000): Resend in \(left)s")
                try? await clock.sleep(for: .seconds(1))
            }
            shown.append("\(clock.now.nanoseconds / 1_000_000_000): Resend")
        }
        clock.advance(by: .seconds(10))
        #expect(shown.values == ["0: Resend in 3s", "1: Resend in 2s", "2: Resend in 1s", "3: Resend"])
        #expect(clock.pendingTimers == [])
    }

    @Test(
        "Task(executorPreference:) on the clock, a default actor it calls, and the actor's sleep all run on the moving thread"
    )
    func executorPreferenceAndActors() throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return }
        let clock = VirtualClock()
        let backend = SlowBackend(clock: clock)
        let seen = Recorder<String>()
        let movingThread = Locked<pthread_t?>(nil)
        let onMovingThread: @Sendable () -> Bool = {
            movingThread.withLock { $0.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        }
        Task(executorPreference: clock) {
            seen.append("task on the moving thread: \(onMovingThread())")
            _ = try? await backend.requestCode(to: Destination.email("a@example.com"))
            seen.append("reply at \(clock.now.nanoseconds / 1_000_000) ms, on the moving thread: \(onMovingThread())")
        }
        #expect(seen.values == [])
        movingThread.withLock { $0 = pthread_self() }
        clock.advance(by: .seconds(1))
        #expect(
            seen.values == [
                "task on the moving thread: true", "reply at 400 ms, on the moving thread: true",
            ])
        #expect(clock.pendingTimers == [])
    }

    @Test("a continuation resumed from another thread runs only when the clock moves")
    func continuationFromAnotherThread() {
        let clock = VirtualClock()
        let parked = Locked<CheckedContinuation<Void, Never>?>(nil)
        let seen = Recorder<String>()
        clock.startTask {
            await withCheckedContinuation { continuation in parked.withLock { $0 = continuation } }
            seen.append("resumed at \(clock.now.nanoseconds / 1_000_000_000) s")
        }
        clock.advance(by: .seconds(1))
        #expect(parked.withLock { $0 != nil })
        let other = DispatchGroup()
        DispatchQueue.global().async(group: other) { parked.withLock { $0.take() }?.resume() }
        other.wait()
        #expect(seen.values == [])
        clock.advance(by: .seconds(1))
        #expect(seen.values == ["resumed at 1 s"])  // at the present, before time moves
    }

    @Test("a task that never stops yielding cannot hang an advance")
    func endlessYielding() {
        let clock = VirtualClock()
        let spins = Locked(0)
        let ended = Locked(false)
        let task = clock.startTask {
            while !Task.isCancelled {
                spins.withLock { $0 += 1 }
                await Task.yield()
            }
            ended.withLock { $0 = true }
        }
        clock.advance(by: .seconds(1))
        #expect(clock.now == TimerInstant(nanoseconds: 1_000_000_000))
        let spun = spins.withLock { $0 }
        #expect(spun > 1_000 && spun <= VirtualClock.jobsBetweenTimers)
        #expect(ended.withLock { $0 } == false)
        task.cancel()
        clock.advance(by: .zero)
        #expect(ended.withLock { $0 } == true)
    }
}

/// The work a late timer wakes runs at the present, as on a real clock after a suspension.
@Suite("VirtualClock: work woken by a late timer")
struct LateWakeTests {
    @Test("a sleep loop suspended for 10 s goes on from the present: 10, then 11, 12, 13, 14")
    func sleepLoopAfterSuspension() {
        let clock = VirtualClock()
        let woke = Recorder<Int64>()
        clock.startTask {
            for _ in 0..<5 {
                try? await clock.sleep(for: .seconds(1))
                woke.append(clock.logicalNow.nanoseconds / 1_000_000_000)
            }
        }
        clock.advance(by: .zero)
        clock.suspend(for: .seconds(10))
        #expect(woke.values == [10])
        clock.advance(by: .seconds(10))
        #expect(woke.values == [10, 11, 12, 13, 14])
        #expect(clock.pendingTimers == [])
    }
}
