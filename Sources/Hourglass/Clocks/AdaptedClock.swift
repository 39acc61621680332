public import Dispatch

/// Hourglass's timers on any Swift `Clock` whose durations are `Duration`: `ContinuousClock`,
/// `SuspendingClock`, or a test clock of another library (swift-clocks' `TestClock` or
/// `ImmediateClock`), so that code already written for that clock drives the view-models.
///
/// The timers live in a ``TimerQueue`` as on every clock, so their rules are the same: order by
/// deadline then insertion, drift-free repeats, missed ticks, countdowns read from their
/// deadline, `fire()`, pause and cancel. One task sleeps on the base clock until the earliest
/// deadline, then runs what is due, one callback at a time: on the serial `queue` given (`.main`
/// in an app), or else on the thread that resumed that task — inside swift-clocks'
/// `TestClock.advance`, which so runs the due callbacks before it moves on.
///
/// What it cannot promise, because the base clock decides: time counts through a suspension only
/// if the base's does (`ContinuousClock` does, `SuspendingClock` does not); on a manual test clock
/// a callback runs when the task that sleeps on it has been scheduled after the clock moved — that
/// clock's own rule for tasks (``VirtualClock`` runs them itself instead, see <doc:ChoosingAClock>).
public final class AdaptedClock<Base: Clock>: TimerClock where Base.Duration == Swift.Duration {
    // Immutable and Sendable fields only: `Base` is a `Clock`, which is Sendable; a
    // `DispatchSpecificKey` is only used through Dispatch's thread-safe calls.

    /// The timers of this clock, in its own time: zero when it was made.
    public let timerQueue: TimerQueue
    /// The clock the timers run on.
    public let base: Base
    /// The serial queue where callbacks run, if one was given.
    public let queue: DispatchQueue?
    private let backend: AdaptedBackend<Base>
    /// Marks `queue`, so that ``isOnContext`` can tell when the caller runs on it.
    private let contextKey = DispatchSpecificKey<ObjectIdentifier>()

    /// Timers on `base`; this clock's instant zero is `base.now`.
    /// - Parameters:
    ///   - base: the clock that tells the time and sleeps until each deadline.
    ///   - queue: a serial queue where callbacks run (`.main` in an app); nil, the default, runs
    ///     them on the thread that resumes the clock's sleeping task, one at a time. A queue
    ///     needs macOS 15, iOS 18 or later (task executors); on older systems callbacks run on
    ///     Swift's global executor, one at a time.
    public init(_ base: Base, queue: DispatchQueue? = nil) {
        self.base = base
        self.queue = queue
        backend = AdaptedBackend(base: base, queue: queue)
        timerQueue = TimerQueue(backend: backend)
        queue?.setSpecific(key: contextKey, value: ObjectIdentifier(contextKey))
    }

    /// Whether the caller runs on the clock's queue, or inside one of its callbacks.
    public var isOnContext: Bool {
        if let queue, queue.getSpecific(key: contextKey) != nil,
            DispatchQueue.getSpecific(key: contextKey) == ObjectIdentifier(contextKey)
        {
            return true
        }
        return timerQueue.isFiringOnCurrentThread
    }

    deinit {
        shutdown()
        queue?.setSpecific(key: contextKey, value: nil)
    }

    /// Stops for good: every timer is cancelled, one added later ends at once, cancelled, and a
    /// task sleeping on this clock throws `CancellationError`. Idempotent.
    public func shutdown() {
        backend.shutdown()
    }
}
