/// The timers of one clock, ordered by (deadline, insertion order).
///
/// The queue holds every timer's state and implements every timer rule once: drift-free
/// repeats, missed ticks, countdown boundaries, `fire()`, pause/resume and cancel. A
/// ``TimerBackend`` only has to wake it at the earliest deadline. All methods are safe
/// from any thread; callbacks run on the clock's serial context, outside the queue's lock.
///
/// A clock makes one with ``init(backend:)`` and exposes it as ``TimerClock/timerQueue``;
/// everything a user calls is on ``TimerClock``, and what a backend calls is on the
/// ``TimerRunner`` the queue hands it (see <doc:WritingABackend>).
public final class TimerQueue: @unchecked Sendable {
    // @unchecked Sendable: every mutable field (`storage`, `armed`, `isRunningDue`, `isClosed`,
    // `firing`, `liveCountWatchers`, `lateness`, `shutdownObservers`) is read and written only
    // while `lock` is held; callbacks are invoked after unlocking.
    let lock = Lock()
    /// The slab and the heap, in memory of their own: reached through addressors, every access
    /// skips the runtime's dynamic exclusivity check that a class's stored property pays on
    /// every scheduling and cancelling. The lock is what makes the accesses exclusive.
    private let storageMemory = UnsafeMutablePointer<TimerStorage>.allocate(capacity: 1)
    var storage: TimerStorage {
        unsafeAddress { UnsafePointer(storageMemory) }
        unsafeMutableAddress { storageMemory }
    }
    /// The instant the backend is armed for, to call it only when that changes.
    var armed: Int64?
    /// While `runDue` runs, re-arming waits until it is done.
    var isRunningDue = false
    /// Set once the clock has shut down (``shutdown()``): timers added later end at once, cancelled.
    var isClosed = false
    /// The callback running now, if any: its thread and its scheduled instant.
    var firing: (thread: CallbackThread, scheduled: TimerInstant)?
    let backend: any TimerBackend
    /// Told the number of live timers after a timer is added while ``liveCountWatchers`` > 0
    /// (``VirtualClock``'s waiters).
    let timerAdded: (@Sendable (Int) -> Void)?
    /// How many tasks wait for a number of live timers; only then is `timerAdded` called.
    var liveCountWatchers = 0
    /// How far the clock fell behind (``maxLateness``); a real clock's runs record it.
    var lateness = Lateness()
    /// Told once, outside the lock, when the queue shuts down (``whenShutDown(_:)``).
    var shutdownObservers: [@Sendable () -> Void] = []
    /// Called, outside the lock, after a timer's `fire()` is queued (``VirtualClock`` runs it then).
    let manualFireRequested: (@Sendable () -> Void)?
    /// The queue's number in ``TimerQueueDirectory``, by which its handles name it.
    @usableFromInline let number: UInt32
    /// Whether the clock under this one's backend has shut down (``ScaledClock``'s base): then
    /// timers added end at once, cancelled, and a run of due timers stops, as when closed.
    let backendIsShutDown: (@Sendable () -> Bool)?

    /// Creates a queue driven by `backend`, and hands the backend its ``TimerRunner`` through
    /// ``TimerBackend/attach(_:)`` before returning.
    public convenience init(backend: any TimerBackend) {
        self.init(backend: backend, storage: TimerStorage())
    }

    init(
        backend: any TimerBackend, storage: consuming TimerStorage,
        timerAdded: (@Sendable (Int) -> Void)? = nil, backendIsShutDown: (@Sendable () -> Bool)? = nil,
        manualFireRequested: (@Sendable () -> Void)? = nil
    ) {
        self.backend = backend
        self.timerAdded = timerAdded
        self.manualFireRequested = manualFireRequested
        self.backendIsShutDown = backendIsShutDown
        number = TimerQueueDirectory.reserveNumber()
        storageMemory.initialize(to: storage)
        TimerQueueDirectory.enter(self, as: number)
        backend.attach(TimerRunner(self))
    }

    deinit {
        TimerQueueDirectory.remove(number)
        storageMemory.deinitialize(count: 1)
        storageMemory.deallocate()
    }

    /// The clock's current instant.
    package var now: TimerInstant { backend.now }

    /// Inside a timer callback, on its thread: the instant the callback was scheduled for;
    /// anywhere else: ``now``. Work that a callback starts (a reply, a follow-up timer) uses
    /// it so that what it computes never depends on how late a real clock fired; timers
    /// created or started inside a callback count from it too.
    package var logicalNow: TimerInstant {
        let current = lock.withLock { firing }
        if let current, current.thread.isCurrent { return current.scheduled }
        return backend.now
    }

    /// The earliest scheduled instant, if any timer is running.
    package var nextDeadline: TimerInstant? {
        lock.withLock { storage.first.map { TimerInstant(nanoseconds: $0.deadline) } }
    }

    /// Counts a task that starts (`1`) or stops (`-1`) waiting for a number of live timers.
    package func watchLiveCount(_ change: Int) {
        lock.withLock { liveCountWatchers += change }
    }

    /// How many timers are alive (idle, running or paused).
    package var liveCount: Int { lock.withLock { storage.liveCount } }

    /// Every live timer, earliest deadline first (equal deadlines in firing order), then paused
    /// and idle ones in the order they were created or last scheduled.
    package var pendingTimers: [PendingTimer] {
        let listed: [(PendingTimer, UInt32)] = lock.withLock {
            storage.records.indices.compactMap { slot in
                let record = storage[slot]
                guard !record.state.isTerminal, record.handler != nil else { return nil }
                let id = TimerID(slot: UInt32(slot), generation: record.generation)
                let deadline = storage.deadline(of: slot).map(TimerInstant.init(nanoseconds:))
                return (
                    PendingTimer(id: id, kind: record.kind, state: record.state, deadline: deadline),
                    storage.sequence(of: slot)
                )
            }
        }
        return listed.sorted { lhs, rhs in
            let left = lhs.0.deadline?.nanoseconds ?? .max
            let right = rhs.0.deadline?.nanoseconds ?? .max
            return left != right ? left < right : lhs.1 < rhs.1
        }.map(\.0)
    }

    /// Cancels every live timer, e.g. when a clock shuts down.
    package func cancelAll() {
        cancelAll(closing: false)
    }

    /// Whether ``shutdown()`` was called: the clock has shut down.
    package var isShutDown: Bool { lock.withLock { isClosed } }

    /// Whether timers added now end at once: the queue was closed, or the clock under its
    /// backend has shut down. Caller holds the lock.
    var refusesTimersLocked: Bool { isClosed || backendIsShutDown?() == true }

    /// Cancels every live timer for good: the clock has shut down, so a timer added later ends
    /// at once, cancelled (and a task sleeping on it wakes, see ``TimerClock/sleep(until:tolerance:)``).
    package func shutdown() {
        cancelAll(closing: true)
    }

    /// The most any callback started after its instant — or after the instant given to
    /// ``measureLateness(from:)``, when that is later: how far the clock fell behind its timers.
    /// A real clock's callbacks start a few microseconds late at rest; a stalled machine makes
    /// it more.
    package var maxLateness: Duration { lock.withLock { .nanoseconds(lateness.high) } }

    /// Counts no lateness before `floor` from now on: the clock's context was blocked until
    /// then on purpose (a simulated suspension), so the timers due meanwhile are late by design.
    package func measureLateness(from floor: TimerInstant) {
        lock.withLock { lateness.floor = max(lateness.floor, floor.nanoseconds) }
    }

    /// Calls `observer` once the clock has shut down (``shutdown()``), outside the queue's lock: at
    /// once when it has already. For waits that must end when the clock stops for good (a
    /// loop that failed), which then need no polling.
    package func whenShutDown(_ observer: @escaping @Sendable () -> Void) {
        let closed = lock.withLock {
            if !isClosed { shutdownObservers.append(observer) }
            return isClosed
        }
        if closed { observer() }
    }

    private func cancelAll(closing: Bool) {
        var released: [TimerCallback] = []
        var observers: [@Sendable () -> Void] = []
        defer { for observer in observers { observer() } }
        lock.withLock {
            if closing && !isClosed {
                isClosed = true
                swap(&observers, &shutdownObservers)
            }
            for slot in storage.records.indices where !storage[slot].state.isTerminal && storage[slot].handler != nil {
                if let handler = storage.end(slot: slot, as: .cancelled) { released.append(handler) }
            }
            rearmLocked()
        }
        released.removeAll()
    }

    // MARK: Backend side

    /// Runs, in order, every timer due at or before `now`. Called by the backend on the
    /// clock's serial context; timers that callbacks schedule run too when already due.
    /// - Parameter limit: the most callbacks to run before returning.
    /// - Returns: how many callbacks ran.
    /// - Parameter afterEach: the work to run after each callback, outside the lock
    ///   (``VirtualClock`` runs the task work that the callback woke).
    @discardableResult
    package func runDue(now: TimerInstant, limit: Int = .max, afterEach: AfterEachCallback? = nil) -> Int {
        runDue(
            limit: limit, goal: now.nanoseconds, nextGoal: { nil }, timeOfFire: { _, goal in goal },
            afterEach: afterEach)
    }

    /// For a real clock's backend: runs every due timer as ``runDue(now:limit:)`` does, then
    /// reads the time again with `clock` and goes on while more timers fell due meanwhile (up
    /// to `passes` readings), before the backend is re-armed: under load a clock pays one
    /// wake-up for a run of timers rather than one each.
    ///
    /// Each callback after the first of a reading starts at a time read again: one that held
    /// the context (a long callback, a simulated suspension, a machine that stopped the thread)
    /// makes the timers behind it late, and they see it — their missed ticks, their `now` and
    /// ``maxLateness`` are what a clock read at their start says, never the earlier reading.
    /// - Returns: how many callbacks ran.
    @discardableResult
    package func runDue(readingTime clock: () -> TimerInstant, passes: Int = 16) -> Int {
        var left = passes
        var goalIsFresh = true
        return runDue(
            limit: .max, goal: clock().nanoseconds,
            nextGoal: {
                left -= 1
                goalIsFresh = true
                return left > 0 ? clock().nanoseconds : nil
            },
            timeOfFire: { _, goal in
                guard !goalIsFresh else {
                    goalIsFresh = false
                    return goal
                }
                return max(goal, clock().nanoseconds)
            }, measuresLateness: true)
    }

    /// For a clock whose time moves in steps (``VirtualClock``): runs, in order, every timer due
    /// at or before `goal`, first moving time to each one's deadline with `moveTime`, which
    /// returns the clock's time after the move. One pass, however many timers are due;
    /// `afterEach` runs after each callback, outside the lock, and may add timers due by `goal`.
    /// - Returns: how many callbacks ran.
    @discardableResult
    package func runDue(
        through goal: TimerInstant, limit: Int = .max, movingTimeTo moveTime: (TimerInstant) -> TimerInstant,
        afterEach: AfterEachCallback? = nil
    ) -> Int {
        runDue(
            limit: limit, goal: goal.nanoseconds, nextGoal: { nil },
            timeOfFire: { deadline, _ in moveTime(TimerInstant(nanoseconds: deadline)).nanoseconds },
            afterEach: afterEach)
    }

    /// The loop of all three: runs what is due by `goal`; when nothing is left, asks `nextGoal`
    /// for a later one (nil: done). `timeOfFire(deadline, goal)` is the time a timer runs at.
    /// A real clock's run records how late each callback starts (``maxLateness``); a stepped
    /// clock's timers run at their deadlines, or late on purpose (a simulated suspension).
    private func runDue(
        limit: Int, goal start: Int64, nextGoal: () -> Int64?, timeOfFire: (Int64, Int64) -> Int64,
        afterEach: AfterEachCallback? = nil, measuresLateness: Bool = false
    ) -> Int {
        var ran = 0
        var goal = start
        lock.lock()
        isRunningDue = true
        armed = nil
        while ran < limit {
            // The clock under this one's backend shut down meanwhile: nothing more starts.
            if let backendIsShutDown, backendIsShutDown() { break }
            guard let top = storage.popFirst(dueBy: goal) else {
                // Nothing more due: look again at a later time, if the caller has one.
                guard let first = storage.first, let later = nextGoal(), later > goal, first.deadline <= later else {
                    break
                }
                goal = later
                continue
            }
            let fireTime = timeOfFire(top.deadline, goal)
            if measuresLateness { lateness.record(fireTime, deadline: top.deadline) }
            guard let firing = prepareFire(of: top, now: fireTime) else { continue }
            ran += 1
            self.firing = (CallbackThread.current, firing.event.scheduled)
            lock.unlock()
            let (id, keepGoing) = Self.invoke(firing)
            if let afterEach, afterEach.hasWork() {
                // The work a callback woke runs at the present, not at the callback's instant:
                // after a suspension the two differ.
                lock.withLock { self.firing = nil }
                afterEach.run()
            }
            lock.lock()
            self.firing = nil
            if !keepGoing {
                let released = targetWasReleased(id)
                lock.unlock()
                _ = consume released
                lock.lock()
            }
        }
        // Before the clock sleeps: what the next run will pop, from memory still in the cache.
        storage.stage(upTo: ran &+ 16)
        isRunningDue = false
        rearmLocked()
        lock.unlock()
        return ran
    }

    /// Tells the backend the instant to wake at, if it changed. Caller holds the lock.
    func rearmLocked() {
        guard !isRunningDue else { return }
        let wanted = storage.wakeInstant
        guard wanted != armed else { return }
        armed = wanted
        backend.wake(at: wanted.map(TimerInstant.init(nanoseconds:)))
    }

    /// Runs a callback; the firing (and with it a finished timer's last reference to its
    /// handler) is consumed here, so captured objects are released before the lock is retaken.
    private static func invoke(_ firing: consuming Firing) -> (TimerID, Bool) {
        let keepGoing = firing.handler(firing.event)
        return (firing.id, keepGoing)
    }

    /// The weak target is gone, so the callback did not run: the timer ends cancelled.
    /// Returns the handler, to be released outside the lock. Caller holds the lock.
    private func targetWasReleased(_ id: TimerID) -> TimerCallback? {
        guard let slot = storage.slot(of: id) else { return nil }
        var released: TimerCallback?
        if storage[slot].state.isTerminal {
            storage[slot].state = .cancelled
        } else {
            released = storage.end(slot: slot, as: .cancelled)
        }
        rearmLocked()
        return released
    }
}

/// Work a clock runs after each callback of a run of due timers (``VirtualClock``: the task work
/// the callback woke): `hasWork` is asked first, so a callback that woke nothing costs one check.
package struct AfterEachCallback {
    let hasWork: () -> Bool
    let run: () -> Void

    package init(hasWork: @escaping () -> Bool, run: @escaping () -> Void) {
        self.hasWork = hasWork
        self.run = run
    }
}
