/// A clock that runs timers: a monotonic ``now`` and the ``TimerQueue`` it drives.
///
/// The clocks that implement it: `VirtualClock` (deterministic, for tests), `DispatchClock`
/// (GCD), `LibeventClock` (a libevent loop), `GLibClock` (a GLib main context, GTK's),
/// `AdaptedClock` (any Swift `Clock`) and `ScaledClock`. Each has one serial context where every
/// callback runs; creating, pausing, firing and cancelling timers is safe from any thread.
/// The timer kinds (``oneShot(after:leeway:startsRunning:_:)``,
/// ``repeating(every:startingAfter:leeway:policy:startsRunning:_:)``,
/// ``countdown(for:tick:leeway:startsRunning:onTick:onFinish:)``,
/// ``frameTicker(framesPerSecond:startsRunning:_:)``, and for very many timers one-shots kept
/// by an 8-byte ``TimerID``, ``schedule(after:leeway:_:)``) are written once, on the queue, so
/// they behave the same on every clock.
///
/// Every `TimerClock` is also a Swift `Clock`, so `try await clock.sleep(for: .seconds(1))`
/// works on it and honours task cancellation, and ``ticks(every:policy:)`` gives an
/// `AsyncSequence` of ticks.
public protocol TimerClock: Clock, AnyObject, Sendable where Instant == TimerInstant, Duration == Swift.Duration {
    /// The timers this clock drives.
    var timerQueue: TimerQueue { get }

    /// Whether the caller runs on this clock's serial context, where its callbacks run.
    /// See `TimerClock+Context.swift`; a clock that cannot tell answers only inside its callbacks.
    var isOnContext: Bool { get }

    /// Starts `operation` in a new task for work that this clock's timers and callbacks wait
    /// on, such as a view-model's service call.
    ///
    /// On ``VirtualClock`` the task prefers the clock as its executor: it runs only when the
    /// clock is moved, on the moving thread, so a test's transcript never depends on how the
    /// system schedules tasks. On the real clocks it is an ordinary task.
    @discardableResult
    func startTask(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never>

    /// Stops the clock for good, the one verb every clock has: every pending timer is
    /// cancelled and no callback starts afterwards (except, called off the context, one about
    /// to start then); a timer added later ends at once, cancelled, and a task sleeping on the
    /// clock throws `CancellationError`. Idempotent, safe from any thread and from a callback.
    /// A clock that owns a loop or a thread also ends it and frees what it holds.
    func shutdown()
}

extension TimerClock {
    /// The current instant: monotonic, and counting through suspensions on real clocks.
    public var now: TimerInstant { timerQueue.now }

    /// Inside a timer callback, the instant it was scheduled for; elsewhere ``now``.
    /// Work that a callback starts (a reply, a follow-up timer) uses it so that what it computes
    /// never depends on how late a real clock fired; timers created inside a callback count from it.
    public var logicalNow: TimerInstant { timerQueue.logicalNow }

    /// Timers are kept in whole nanoseconds.
    public var minimumResolution: Swift.Duration { .nanoseconds(1) }

    /// Every live timer, earliest first; empty when nothing is left to run.
    public var pendingTimers: [PendingTimer] { timerQueue.pendingTimers }
}
