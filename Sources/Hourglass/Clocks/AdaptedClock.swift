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
/// The tasks it starts for a model's service calls (``startTask(_:)``) run where its callbacks run,
/// so an app's async service settles inside a test clock's `advance`, as on ``VirtualClock``.
/// What it cannot promise, because the base clock decides: time counts through a suspension only
/// if the base's does (`ContinuousClock` does, `SuspendingClock` does not); work in tasks it did
/// not start runs when the system schedules it (see <doc:ChoosingAClock>).
///
/// The base may be an existential, as a dependency-injection library hands it over:
/// `AdaptedClock(clock)` with `clock: any Clock<Duration>` adapts whatever clock it holds.
public final class AdaptedClock: TimerClock {
    // Immutable and Sendable fields only: a `DispatchSpecificKey` is only used through
    // Dispatch's thread-safe calls.

    /// The timers of this clock, in its own time: zero when it was made.
    public let timerQueue: TimerQueue
    /// The serial queue where callbacks run, if one was given.
    public let queue: DispatchQueue?
    /// The base clock's wake-up (an `AdaptedBackend` of the base's type).
    private let backend: any AdaptedWakeUp
    /// Marks `queue`, so that ``isOnContext`` can tell when the caller runs on it.
    private let contextKey = DispatchSpecificKey<ObjectIdentifier>()
    /// Where the tasks of ``startTask(_:)`` run (an `InlineTaskExecutor`, or a
    /// `QueueTaskExecutor` on `queue`), where the system has task executors.
    private let taskExecutor: (any Sendable)?

    /// Timers on `base`; this clock's instant zero is `base.now`.
    /// - Parameters:
    ///   - base: the clock that tells the time and sleeps until each deadline.
    ///   - queue: a serial queue where callbacks run (`.main` in an app); nil, the default, runs
    ///     them on the thread that resumes the clock's sleeping task, one at a time. A queue
    ///     needs macOS 15, iOS 18 or later (task executors); on older systems callbacks run on
    ///     Swift's global executor, one at a time.
    public init(_ base: some Clock<Swift.Duration>, queue: DispatchQueue? = nil) {
        self.queue = queue
        let backend = AdaptedBackend(base: base, queue: queue)
        self.backend = backend
        timerQueue = TimerQueue(backend: backend)
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            taskExecutor = queue.map { QueueTaskExecutor(queue: $0) } ?? InlineTaskExecutor()
        } else {
            taskExecutor = nil
        }
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

    /// Starts `operation` in a task whose jobs run where this clock's callbacks run: on its
    /// queue when it has one; else each at once, on the thread that starts or resumes it — the
    /// model's context when a view-model calls its service, a test clock's `advance` when a
    /// sleep on this clock ends. So an app's async service settles inside the base clock's
    /// `advance`, as on ``VirtualClock``, and a transcript does not depend on how the system
    /// schedules tasks (macOS 15, iOS 18 and later, and Linux; an ordinary task before).
    @discardableResult
    public func startTask(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        Task.preferring(taskExecutor, operation)
    }

    /// Cancels a task of ``startTask(_:)``: what the cancellation resumes runs on the global
    /// executor, not inline inside the runtime's cancellation.
    package func cancelStartedTask(_ task: Task<Void, Never>) {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
            let executor = taskExecutor as? InlineTaskExecutor
        {
            executor.handingOff { task.cancel() }
        } else {
            task.cancel()
        }
    }

    /// Stops for good: every timer is cancelled, one added later ends at once, cancelled, and a
    /// task sleeping on this clock throws `CancellationError`. Idempotent.
    public func shutdown() {
        backend.shutdown()
    }
}
