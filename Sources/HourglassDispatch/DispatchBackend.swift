import Dispatch
import Hourglass

/// The GCD side of ``DispatchClock``: one timer source, armed for the queue's earliest deadline.
final class DispatchBackend: TimerBackend, @unchecked Sendable {
    // @unchecked Sendable: `source` is a let; DispatchSourceTimer's schedule/cancel are
    // thread-safe. `timers` is written once by `attach` before the clock is shared, then
    // only read; it is weak so that the queue (which owns this backend) is not kept alive.
    private let source: any DispatchSourceTimer
    private weak var timers: TimerQueue?

    init(queue: DispatchQueue) {
        source = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
    }

    func attach(_ timers: TimerQueue) {
        self.timers = timers
        source.setEventHandler { [weak self] in
            guard let timers = self?.timers else { return }
            timers.runDue(readingTime: MonotonicTime.now)
        }
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

    func cancel() {
        source.cancel()
    }
}
