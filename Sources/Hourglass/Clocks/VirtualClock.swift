/// A deterministic clock for tests: time moves only when you move it.
///
/// It starts at ``TimerInstant/zero`` and never goes backwards. ``advance(by:)`` runs every
/// timer due on the way, in (deadline, insertion) order, with ``TimerClock/now`` equal to
/// each timer's deadline while it fires; timers that callbacks schedule run in the same
/// advance when they fall due. ``suspend(for:)`` moves time as a process suspension would.
/// Callbacks run on the thread that moves the clock. End a test by checking that
/// ``TimerClock/pendingTimers`` is empty.
///
/// It is also a task executor (macOS 15, iOS 18 and later; Linux): the tasks the view-models
/// start, any task started with ``startTask(_:)`` or `Task(executorPreference: clock)`, and
/// the default actors they call run on the thread that moves the clock, before each next
/// timer. Time therefore never moves past an instant until the work woken there has settled.
/// See <doc:TestingWithVirtualClock> for what stays outside.
public final class VirtualClock: TimerClock, Sendable {
    /// Who moves the clock, and to where.
    private struct Advance {
        var isUnderWay = false
        var target: Int64 = .min
        var thread: CallbackThread?
    }

    public let timerQueue: TimerQueue
    private let backend: VirtualBackend
    private let advance = Locked(Advance())
    private let waiters: PendingTimerWaiters
    /// The task work waiting for the clock to move (see `VirtualClock+TaskExecutor.swift`).
    let jobs: VirtualClockJobs
    /// How many callbacks one move of the clock runs one by one before it crosses the rest of
    /// its span as a suspension does (see ``advance(to:)``).
    let callbacksOneByOne: Int

    /// The number of callbacks one ``advance(to:)`` or ``suspend(for:)`` runs one by one, at
    /// their own instants, before it crosses the rest of its span as a suspension.
    package static let callbacksPerMove = 1_000_000

    /// A virtual clock at instant zero with no timers.
    public convenience init() {
        self.init(callbacksOneByOne: Self.callbacksPerMove)
    }

    /// A virtual clock whose moves run `callbacksOneByOne` callbacks one by one (at least 1)
    /// before crossing the rest of their span as a suspension: for tests of that limit.
    package init(callbacksOneByOne: Int) {
        self.callbacksOneByOne = max(1, callbacksOneByOne)
        let waiters = PendingTimerWaiters()
        let link = VirtualClockLink()
        self.waiters = waiters
        jobs = VirtualClockJobs { waiters.wakeAll() }
        backend = VirtualBackend()
        timerQueue = TimerQueue(
            backend: backend, storage: TimerStorage(usesBuckets: true),
            timerAdded: { waiters.timersChanged(liveCount: $0) },
            manualFireRequested: { link.clock?.advance(by: .zero) })
        link.clock = self
    }

    /// Waits until at least `count` timers are live on this clock (idle, running or paused),
    /// without polling; fails after `timeout` of real time instead of hanging the test.
    ///
    /// Work on this clock's executor needs no waiting: an advance runs it first (see
    /// <doc:TestingWithVirtualClock>), and so does this wait, at the present, as it is enqueued.
    /// The wait is for work that runs elsewhere — a plain `Task`, a `@MainActor` hop — and
    /// reaches the clock later than the call that started it: its `sleep(for:)` registers a
    /// timer, a reply handed over with ``TimerClock/perform(_:)`` becomes one, only when it gets
    /// that far. Count from ``TimerClock/pendingTimers``, read before the work starts:
    ///
    /// ```swift
    /// let before = clock.pendingTimers.count
    /// let reply = Task { try await clock.sleep(for: .seconds(1)) }  // not on the clock's executor
    /// try await clock.waitForPendingTimers(before + 1)               // its sleep is on the clock
    /// clock.advance(by: .seconds(1))
    /// ```
    /// - Throws: ``VirtualClockWaitTimeout`` once `timeout` has passed (on `ContinuousClock`)
    ///   with fewer timers live; `CancellationError` if the waiting task is cancelled first.
    public func waitForPendingTimers(_ count: Int, timeout: Duration = .seconds(10)) async throws {
        timerQueue.watchLiveCount(1)
        defer { timerQueue.watchLiveCount(-1) }
        // Held to a century, so that a timeout at the end of the range cannot overflow the
        // continuous clock's instant.
        let deadline = ContinuousClock.now + min(max(timeout, .zero), .seconds(3_155_760_000))
        while true {
            runQueuedJobsAtPresent()
            if timerQueue.liveCount >= count { return }
            guard try await waitForChange(count: count, until: deadline) else {
                // The timeout and the change can both be ready when a busy machine runs the wait
                // late: the count decides.
                runQueuedJobsAtPresent()
                let live = timerQueue.liveCount
                if live >= count { return }
                throw VirtualClockWaitTimeout(expected: count, live: live, timeout: timeout)
            }
        }
    }

    /// Waits until `count` timers are live or task work is enqueued; false once `deadline` passes.
    private func waitForChange(count: Int, until deadline: ContinuousClock.Instant) async throws -> Bool {
        try await withThrowingTaskGroup(of: Bool.self) { [waiters, timerQueue, jobs] group in
            group.addTask {
                try await waiters.wait(for: count) { [weak self] in
                    // Queued work wakes the wait only when it can run it: not while another
                    // thread advances (that thread runs it), so the wait never spins.
                    timerQueue.liveCount >= count || (jobs.count > 0 && self?.isAdvancing == false)
                }
                return true
            }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                return false
            }
            defer { group.cancelAll() }
            return try await group.next() ?? false
        }
    }

    /// Runs the task work waiting on the clock, at the present, unless an advance is under way
    /// (it runs that work itself).
    private func runQueuedJobsAtPresent() {
        guard beginAdvance(to: backend.now.nanoseconds) else { return }
        runQueuedJobs()
        finishAdvance()
    }

    /// Moves time forward by `duration`, running every timer that falls due on the way; see
    /// ``advance(to:)``. A negative duration is treated as zero: virtual time never goes backwards.
    /// - Returns: how many callbacks ran.
    @discardableResult
    public func advance(by duration: Duration) -> Int {
        advance(to: now + max(duration, .zero))
    }

    /// Moves time forward to `instant`, running every timer that falls due on the way.
    /// Task work waiting on the clock (see ``startTask(_:)``) runs first, at the present, and
    /// again after each callback, to quiescence, before time moves on.
    ///
    /// Every tick on the way runs at its own instant — a 1 s repeating timer over a day runs
    /// 86 400 callbacks — up to a million in one advance. Past that the
    /// rest of the span is crossed as ``suspend(for:)`` crosses it: time jumps to `instant`,
    /// and each timer then due fires once, late, a repeating one counting the ticks it missed
    /// and a countdown showing the true time left. So an advance over any span ends in time
    /// proportional to the callbacks it runs, not to the span: a century of 1 s ticks runs a
    /// million callbacks and one more, not three billion. A `.burst` timer, which delivers
    /// every missed tick, delivers at most another million in the crossing and the rest at the
    /// clock's next moves.
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
        // Work started before the advance settles at the present first.
        runQueuedJobs()
        // One pass per goal; a callback that advances further extends the goal for another.
        var goal = nextGoal()
        while true {
            if fired < callbacksOneByOne {
                fired += timerQueue.runDue(
                    through: TimerInstant(nanoseconds: goal), limit: callbacksOneByOne - fired,
                    movingTimeTo: { backend.moveForward(to: $0) }, afterEach: queuedWork)
            }
            if fired >= callbacksOneByOne, let next = timerQueue.nextDeadline, next.nanoseconds <= goal {
                // Past the one-by-one limit: the rest of the span is crossed as a suspension.
                backend.moveForward(to: TimerInstant(nanoseconds: goal))
                fired += timerQueue.runDue(now: backend.now, limit: callbacksOneByOne, afterEach: queuedWork)
            }
            let extended = nextGoal()
            if extended == goal { break }
            goal = extended
        }
        finishAdvance()
        return fired
    }

    /// Runs due timers, advancing to each next deadline, until no timer is scheduled or
    /// `maxFires` callbacks have run — so a repeating timer cannot make it hang.
    /// Idle and paused timers do not keep the clock busy; task work waiting on the clock
    /// runs first, and after each callback.
    @discardableResult
    public func runUntilIdle(maxFires: Int = 10_000) -> RunUntilIdleResult {
        var fired = 0
        runQueuedJobsAtPresent()
        while fired < maxFires, let next = timerQueue.nextDeadline {
            guard beginAdvance(to: next.nanoseconds) else { break }
            backend.moveForward(to: next)
            fired += timerQueue.runDue(now: backend.now, limit: maxFires - fired, afterEach: queuedWork)
            finishAdvance()
        }
        guard timerQueue.nextDeadline != nil else { return .idle(fired: fired) }
        return .stoppedAtFireLimit(fired: fired, pending: timerQueue.pendingTimers)
    }

    /// Simulates the process being suspended for `duration`: no timer runs meanwhile, then
    /// every due timer runs once, late, at the new time — repeating timers report the ticks
    /// they missed, countdowns jump to the true time left. A `.burst` timer delivers its missed
    /// ticks one by one, at most a million in this call, the rest at the next moves.
    /// - Returns: how many callbacks ran on resume.
    @discardableResult
    public func suspend(for duration: Duration) -> Int {
        let target = now + max(duration, .zero)
        guard beginAdvance(to: target.nanoseconds) else { return 0 }
        // Work started before the suspension settles first, at the present.
        runQueuedJobs()
        backend.moveForward(to: target)
        let fired = timerQueue.runDue(now: backend.now, limit: callbacksOneByOne, afterEach: queuedWork)
        finishAdvance()
        return fired
    }

    /// The task work a callback woke, run after it (see `VirtualClock+TaskExecutor.swift`).
    private var queuedWork: AfterEachCallback {
        AfterEachCallback(hasWork: { [jobs] in jobs.count > 0 }, run: { self.runQueuedJobs() })
    }

    /// Stops the clock for good (see ``TimerClock/shutdown()``): every pending timer is
    /// cancelled, and one added later ends at once, cancelled.
    public func shutdown() {
        timerQueue.shutdown()
    }

    /// Whether a thread is moving the clock now.
    private var isAdvancing: Bool { advance.withLock { $0.isUnderWay } }

    /// Whether the caller is on this clock's context: the thread that moves the clock while it
    /// advances, and any thread between advances (nothing else runs callbacks then).
    public var isOnContext: Bool {
        advance.withLock { $0.thread?.isCurrent ?? true }
    }

    private func beginAdvance(to target: Int64) -> Bool {
        advance.withLock { advance in
            advance.target = max(advance.target, target)
            guard !advance.isUnderWay else { return false }
            advance.isUnderWay = true
            advance.thread = .current
            return true
        }
    }

    private func nextGoal() -> Int64 {
        advance.withLock { $0.target }
    }

    private func finishAdvance() {
        let goal = advance.withLock { $0.target }
        backend.moveForward(to: TimerInstant(nanoseconds: goal))
        advance.withLock { $0 = Advance() }
    }
}
