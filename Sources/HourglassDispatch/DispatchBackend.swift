import Dispatch
import Hourglass

/// The GCD side of ``DispatchClock``: one timer source, armed for the queue's earliest deadline.
final class DispatchBackend: TimerBackend, @unchecked Sendable {
    // @unchecked Sendable: `source` is a let; DispatchSourceTimer's schedule/cancel are
    // thread-safe. `runner` is written once by `attach`, from the queue's initializer, before
    // the clock is shared, then only read (and it does not keep the queue alive).
    private let source: any DispatchSourceTimer
    private var runner: TimerRunner?

    init(queue: DispatchQueue) {
        source = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
    }

    func attach(_ runner: TimerRunner) {
        self.runner = runner
        source.setEventHandler { runner.runDue() }
        source.schedule(deadline: .distantFuture, repeating: .never)
        // Resumed once, here, and never suspended: so it can always be cancelled and released.
        source.activate()
    }

    var now: TimerInstant { MonotonicTime.now() }

    func wake(at instant: TimerInstant?) {
        guard let instant else {
            source.schedule(deadline: .distantFuture, repeating: .never)
            return
        }
        // DispatchTime counts uptime; the delay is taken on our boot-time clock. A machine
        // suspend in between only makes the wake late, and `runDue` then catches up.
        // Saturating: an instant far in the past or future must not overflow.
        let (difference, overflow) = instant.nanoseconds.subtractingReportingOverflow(MonotonicTime.now().nanoseconds)
        let delay = overflow ? (instant.nanoseconds < 0 ? 0 : Int64.max) : max(0, difference)
        source.schedule(deadline: .now() + .nanoseconds(Int(delay)), repeating: .never, leeway: .nanoseconds(0))
    }

    /// Cancels every timer, for good (see ``TimerRunner/shutdown()``), and the source.
    func cancel() {
        runner?.shutdown()
        source.cancel()
    }
}
