import Foundation
import Hourglass
import Testing

// The samples of the Hourglass catalog's "Writing a backend", verbatim: a clock written
// against the public backend contract alone.
final class SteppedBackend: TimerBackend, Sendable {
    private struct State {
        var time = TimerInstant.zero
        var runner: TimerRunner?
        var armed: TimerInstant?
    }

    /// Every field under one lock: `Sendable`, with no `@unchecked`.
    private let state = Locked(State())

    var now: TimerInstant { state.withLock { $0.time } }

    var armed: TimerInstant? { state.withLock { $0.armed } }

    func attach(_ runner: TimerRunner) { state.withLock { $0.runner = runner } }

    func wake(at instant: TimerInstant?) { state.withLock { $0.armed = instant } }

    /// Moves time to `instant` and runs what fell due, as a loop's wake-up would.
    func step(to instant: TimerInstant) {
        let runner = state.withLock { state in
            state.time = max(state.time, instant)
            return state.runner
        }
        runner?.runDue()
    }

    /// Cancels every timer, for good: the clock has shut down.
    func shutdown() {
        state.withLock { $0.runner }?.shutdown()
    }
}

final class SteppedClock: TimerClock {
    let timerQueue: TimerQueue
    let backend = SteppedBackend()

    init() { timerQueue = TimerQueue(backend: backend) }

    func step(to instant: TimerInstant) { backend.step(to: instant) }

    func shutdown() { backend.shutdown() }
}

@Suite("Documentation samples: writing a backend")
struct SteppedClockSamples {
    @Test("a clock on the public backend contract runs repeating timers with the queue's rules")
    func steppedClock() throws {
        let clock = SteppedClock()
        let ticks = Printed()
        let poll = try clock.repeating(every: .seconds(1)) { fire in ticks.append("tick \(fire.index)") }
        clock.step(to: .zero + .seconds(1))
        clock.step(to: .zero + .seconds(4))
        #expect(ticks.lines == ["tick 0", "tick 3"])
        poll.cancel()
        #expect(clock.backend.armed == nil)
        #expect(clock.pendingTimers.isEmpty)
    }
}
