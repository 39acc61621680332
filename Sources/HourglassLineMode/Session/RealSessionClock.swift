import Dispatch
import Foundation
import Hourglass
import RealClocks

/// ``SessionClock`` on a real clock (GCD, libevent or GLib) running in the background: each step is
/// a callback on a ``ScaledClock`` over it, so script time runs `scale` times as fast as real
/// time and every step sees its exact script instant; the stepper's thread waits for it.
struct RealSessionClock: SessionClock {
    private let real: RealClock
    private let scaled: ScaledClock
    /// Wakes the step being waited for, if any, when the real clock shuts down (its loop failed).
    private let wakeWaiter = Locked<(@Sendable () -> Void)?>(nil)

    /// Starts `real` in the background (libevent's loop on a thread of its own), with script
    /// time at zero now.
    /// - Throws: `TimerError` for a bad scale; `LibeventError` when the loop cannot start.
    init(_ real: RealClock, scale: Double) throws {
        self.real = real
        scaled = try ScaledClock(base: real.clock, scale: scale)
        try real.start()
        // The real clock (its loop failed), or the script's own clock (a screen shut it down):
        // either way the step waited for will not run.
        real.clock.timerQueue.whenShutDown { [wakeWaiter] in wakeWaiter.withLock { $0 }?() }
        scaled.timerQueue.whenShutDown { [wakeWaiter] in wakeWaiter.withLock { $0 }?() }
    }

    var clock: any TimerClock { scaled }

    var lateness: Duration { scaled.timerQueue.maxLateness }

    func run<Result: Sendable>(at instant: TimerInstant, _ body: @escaping @Sendable () -> Result) throws -> Result {
        let result = StepResult<Result>()
        continueAt(instant) { result.set(body()) }
        return try wait(for: result)
    }

    /// Each step, in its callback, schedules the next: the context is never free between two.
    func runScript(from instant: TimerInstant, _ step: @escaping @Sendable (TimerInstant) -> ScriptContinuation?) throws
    {
        let done = StepResult<Bool>()
        chain(at: instant, step, done: done)
        _ = try wait(for: done)
    }

    /// Waits for `result`, or for the clock to stop for good before it comes.
    private func wait<Value>(for result: StepResult<Value>) throws -> Value {
        wakeWaiter.withLock { $0 = { result.clockShutDown() } }
        defer { wakeWaiter.withLock { $0 = nil } }
        if real.clock.timerQueue.isShutDown || scaled.timerQueue.isShutDown { result.clockShutDown() }
        return try result.wait(unless: { real.failure })
    }

    private func chain(
        at instant: TimerInstant, _ step: @escaping @Sendable (TimerInstant) -> ScriptContinuation?,
        done: StepResult<Bool>
    ) {
        continueAt(instant) { [scaled] in
            switch step(instant) {
            case .afterWait(let next), .afterSuspension(let next):
                chain(at: next, step, done: done)
            case nil:
                scaled.timerQueue.cancelAll()
                done.set(true)
            }
        }
    }

    func advance(to instant: TimerInstant) throws {
        try run(at: instant) {}
    }

    /// Blocks the context, as a stopped process would be: nothing runs meanwhile. The timers
    /// due meanwhile are late by design: lateness counts from the suspension's end. It ends at
    /// its script instant, its step's plus `duration`, not `duration` after the step started: a
    /// step that started late (behind a long callback, on a busy machine) ends where the
    /// virtual clock's does, and the timers due by then are the same ones.
    func suspend(for duration: Duration) {
        let end = scaled.logicalNow + max(duration, .zero)
        Thread.sleep(forTimeInterval: max(.zero, end - scaled.now).seconds * scaled.scale)
        scaled.timerQueue.measureLateness(from: end)
    }

    /// The timers that fell due while the context was blocked run once it is free again.
    func resume(at instant: TimerInstant) throws {
        try advance(to: instant)
    }

    func shutdown() {
        real.shutdown()
    }

    /// Runs `body` at `instant`, after every other timer due by then — as `advance(to:)` does
    /// on the virtual clock: while a timer is due by `instant`, it asks again behind it.
    private func continueAt(_ instant: TimerInstant, _ body: @escaping @Sendable () -> Void) {
        scaled.enqueue(at: instant) { [scaled] _ in
            if let due = scaled.timerQueue.nextDeadline, due <= instant {
                continueAt(instant, body)
            } else {
                body()
            }
        }
    }
}
