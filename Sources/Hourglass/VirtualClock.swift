/// A deterministic clock for tests: time moves only when you move it.
///
/// It starts at ``TimerInstant/zero`` and never goes backwards. ``advance(by:)`` runs every
/// timer due on the way, in (deadline, insertion) order, with ``TimerClock/now`` equal to
/// each timer's deadline while it fires; timers that callbacks schedule run in the same
/// advance when they fall due. ``suspend(for:)`` moves time as a process suspension would.
/// Callbacks run on the thread that moves the clock. End a test by checking that
/// ``TimerClock/pendingTimers`` is empty.
public final class VirtualClock: TimerClock, @unchecked Sendable {
    // @unchecked Sendable: `advancing` and `pendingTarget` are only touched under `lock`;
    // the backend and the queue are Sendable themselves.
    public let timerQueue: TimerQueue
    private let backend: VirtualBackend
    private let lock = Lock()
    private var advancing = false
    private var pendingTarget: Int64 = .min
    private var advancingThread: CallbackThread?
    private let waiters: PendingTimerWaiters

    /// A virtual clock at instant zero with no timers.
    public init() {
        let waiters = PendingTimerWaiters()
        self.waiters = waiters
        backend = VirtualBackend()
        timerQueue = TimerQueue(backend: backend, storage: TimerStorage(usesBuckets: true)) {
            waiters.timersChanged(liveCount: $0)
        }
    }

    /// Waits until at least `count` timers are live on this clock (idle, running or paused),
    /// without polling and without real time passing.
    ///
    /// Work started in a `Task` reaches the clock later than the call that started it: a
    /// `sleep(for:)` registers its timer, a reply handed over with ``TimerClock/perform(_:)``
    /// becomes a timer, only when the task gets that far. Advancing the clock before then
    /// misses them. Wait for them first, counting from ``TimerClock/pendingTimers``:
    ///
    /// ```swift
    /// let before = clock.pendingTimers.count
    /// model.tapSend()                                   // the service answers from a task
    /// try await clock.waitForPendingTimers(before + 1)  // its reply is on the clock
    /// clock.advance(by: .seconds(1))
    /// ```
    /// - Throws: `CancellationError` if the waiting task is cancelled first.
    public func waitForPendingTimers(_ count: Int) async throws {
        timerQueue.watchLiveCount(1)
        defer { timerQueue.watchLiveCount(-1) }
        try await waiters.wait(for: count) { [timerQueue] in timerQueue.liveCount }
    }

    /// Moves time forward by `duration`, running every timer that falls due on the way.
    /// A negative duration is treated as zero: virtual time never goes backwards.
    /// - Returns: how many callbacks ran.
    @discardableResult
    public func advance(by duration: Duration) -> Int {
        advance(to: now + max(duration, .zero))
    }

    /// Moves time forward to `instant`, running every timer that falls due on the way.
    /// An instant in the past is treated as now. Called from inside a callback, it extends
    /// the advance already under way instead of nesting. Move a virtual clock from one thread
    /// at a time (the test's): a call from another thread while an advance runs does the
    /// same — it extends that advance, whose thread runs the callbacks, and returns 0 at once,
    /// before time has moved.
    /// - Returns: how many callbacks ran.
    @discardableResult
    public func advance(to instant: TimerInstant) -> Int {
        // Clamped to now, so that a past instant runs what is due now, as `advance(by: .zero)` does.
        guard beginAdvance(to: max(instant.nanoseconds, backend.now.nanoseconds)) else { return 0 }
        var fired = 0
        // One pass per goal; a callback that advances further extends the goal for another.
        var goal = nextGoal()
        while true {
            fired += timerQueue.runDue(through: TimerInstant(nanoseconds: goal)) { backend.moveForward(to: $0) }
            let extended = nextGoal()
            if extended == goal { break }
            goal = extended
        }
        finishAdvance()
        return fired
    }

    /// Runs due timers, advancing to each next deadline, until no timer is scheduled or
    /// `maxFires` callbacks have run — so a repeating timer cannot make it hang.
    /// Idle and paused timers do not keep the clock busy.
    @discardableResult
    public func runUntilIdle(maxFires: Int = 10_000) -> RunUntilIdleResult {
        var fired = 0
        while fired < maxFires, let next = timerQueue.nextDeadline {
            guard beginAdvance(to: next.nanoseconds) else { break }
            backend.moveForward(to: next)
            fired += timerQueue.runDue(now: backend.now, limit: maxFires - fired)
            finishAdvance()
        }
        guard timerQueue.nextDeadline != nil else { return .idle(fired: fired) }
        return .stoppedAtFireLimit(fired: fired, pending: timerQueue.pendingTimers)
    }

    /// Simulates the process being suspended for `duration`: no timer runs meanwhile, then
    /// every due timer runs once, late, at the new time — repeating timers report the ticks
    /// they missed, countdowns jump to the true time left.
    /// - Returns: how many callbacks ran on resume.
    @discardableResult
    public func suspend(for duration: Duration) -> Int {
        let target = now + max(duration, .zero)
        guard beginAdvance(to: target.nanoseconds) else { return 0 }
        backend.moveForward(to: target)
        let fired = timerQueue.runDue(now: backend.now)
        finishAdvance()
        return fired
    }

    /// Whether the caller is on this clock's context: the thread that moves the clock while it
    /// advances, and any thread between advances (nothing else runs callbacks then).
    public var isOnContext: Bool {
        lock.withLock { advancingThread?.isCurrent ?? true }
    }

    private func beginAdvance(to target: Int64) -> Bool {
        lock.withLock {
            pendingTarget = max(pendingTarget, target)
            guard !advancing else { return false }
            advancing = true
            advancingThread = .current
            return true
        }
    }

    private func nextGoal() -> Int64 {
        lock.withLock { pendingTarget }
    }

    private func finishAdvance() {
        let goal = lock.withLock { pendingTarget }
        backend.moveForward(to: TimerInstant(nanoseconds: goal))
        lock.withLock {
            advancing = false
            advancingThread = nil
            pendingTarget = .min
        }
    }
}

/// The virtual clock's time: a number that only ``VirtualClock`` moves. Never wakes anything.
final class VirtualBackend: TimerBackend, @unchecked Sendable {
    // @unchecked Sendable: `nanoseconds` is only read and written under `lock`.
    private let lock = Lock()
    private var nanoseconds: Int64 = 0

    var now: TimerInstant { lock.withLock { TimerInstant(nanoseconds: nanoseconds) } }

    /// Moves time to `instant` unless it is past already; returns the time after.
    @discardableResult
    func moveForward(to instant: TimerInstant) -> TimerInstant {
        lock.withLock {
            nanoseconds = max(nanoseconds, instant.nanoseconds)
            return TimerInstant(nanoseconds: nanoseconds)
        }
    }

    func attach(_ runner: TimerRunner) {}

    func wake(at instant: TimerInstant?) {}
}
