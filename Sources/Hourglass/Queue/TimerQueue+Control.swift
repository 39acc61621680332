extension TimerQueue {
    /// Adds a timer; starts it at once when `start` is true (a one-shot for a deadline always starts).
    /// On a queue that was closed (its clock shut down) the timer ends at once, cancelled.
    /// `hasHandle` (here and in `addOneShot`): a ``TimerHandle`` is made for it right after; the
    /// queue keeps itself alive until that handle goes, so pass it for nothing else.
    func add(
        kind: TimerKind, schedule: TimerSchedule, leeway: Int64, start: Bool, hasHandle: Bool,
        handler: TimerCallback
    ) -> TimerID {
        if case .oneShot(let oneShot) = schedule {
            if let deadline = oneShot.deadline {
                return addOneShot(deadline: deadline, leeway: leeway, hasHandle: hasHandle, handler: handler)
            }
            return addOneShot(
                delay: oneShot.delay, leeway: leeway, start: start, hasHandle: hasHandle, handler: handler)
        }
        let now = backend.now.nanoseconds
        let (id, live, refused) = lock.withLock { () -> (TimerID, Int?, TimerCallback?) in
            let id = storage.allocate(
                kind: kind, schedule: schedule, leeway: leeway, hasHandle: hasHandle, handler: handler)
            if hasHandle { keepAliveForFirstHandleLocked() }
            if refusesTimersLocked { return (id, nil, storage.end(slot: Int(id.slot), as: .cancelled)) }
            if start { startLocked(slot: Int(id.slot), now: startInstantLocked(measured: now)) }
            rearmLocked()
            return (id, liveCountWatchers > 0 ? storage.liveCount : nil, nil)
        }
        _ = consume refused
        if let live, let timerAdded { timerAdded(live) }
        return id
    }

    /// Adds a one-shot due `delay` after its start; starts it at once when `start` is true.
    @usableFromInline
    func addOneShot(delay: Int64, leeway: Int64, start: Bool, hasHandle: Bool, handler: TimerCallback) -> TimerID {
        let now = start ? backend.now.nanoseconds : 0
        let (id, live, refused) = lock.withLock { () -> (TimerID, Int?, TimerCallback?) in
            let id = storage.allocateOneShot(
                value: delay, isAbsolute: false, leeway: leeway, hasHandle: hasHandle, handler: handler)
            if hasHandle { keepAliveForFirstHandleLocked() }
            if refusesTimersLocked { return (id, nil, storage.end(slot: Int(id.slot), as: .cancelled)) }
            if start { storage.startNewOneShot(slot: Int(id.slot), now: startInstantLocked(measured: now)) }
            rearmLocked()
            return (id, liveCountWatchers > 0 ? storage.liveCount : nil, nil)
        }
        _ = consume refused
        if let live, let timerAdded { timerAdded(live) }
        return id
    }

    /// Adds a running one-shot due at `deadline`; the clock is not read.
    @usableFromInline
    func addOneShot(deadline: Int64, leeway: Int64, hasHandle: Bool, handler: TimerCallback) -> TimerID {
        let (id, live, refused) = lock.withLock { () -> (TimerID, Int?, TimerCallback?) in
            let id = storage.allocateOneShot(
                value: deadline, isAbsolute: true, leeway: leeway, hasHandle: hasHandle, handler: handler)
            if hasHandle { keepAliveForFirstHandleLocked() }
            if refusesTimersLocked { return (id, nil, storage.end(slot: Int(id.slot), as: .cancelled)) }
            storage.startNewOneShot(slot: Int(id.slot), now: 0)
            rearmLocked()
            return (id, liveCountWatchers > 0 ? storage.liveCount : nil, nil)
        }
        _ = consume refused
        if let live, let timerAdded { timerAdded(live) }
        return id
    }

    /// Handles name their queue by number, unretained: while it has any, the queue keeps
    /// itself alive, as one reference for all of them (the last handle drops it). Caller
    /// holds the lock, right after adding a timer with a handle.
    private func keepAliveForFirstHandleLocked() {
        if storage.handleCount == 1 { _ = Unmanaged.passUnretained(self).retain() }
    }

    /// The identity of the timer a handle names by its key (``TimerID/init(handleSlot:)``).
    func handleID(_ key: TimerID) -> TimerID {
        lock.withLock { TimerID(slot: key.slot, generation: storage[Int(key.slot)].generation) }
    }

    /// The kind of a timer that a handle names.
    func kind(of key: TimerID) -> TimerKind {
        lock.withLock { storage[Int(key.slot)].kind }
    }

    /// A handle's timer as its description shows it, read at once.
    func handleListing(_ key: TimerID) -> (TimerID, TimerKind, TimerState) {
        lock.withLock {
            let slot = Int(key.slot)
            let id = TimerID(slot: key.slot, generation: storage[slot].generation)
            return (id, storage[slot].kind, storage[slot].state)
        }
    }

    /// The timer's state; `cancelled` once nothing names it any more.
    func state(of id: TimerID) -> TimerState {
        lock.withLock { storage.slot(of: id).map { storage[$0].state } ?? .cancelled }
    }

    /// Starts an idle timer; a no-op in any other state.
    func start(_ id: TimerID) {
        let now = backend.now.nanoseconds
        lock.withLock {
            guard let slot = storage.slot(of: id), storage[slot].state == .idle else { return }
            startLocked(slot: slot, now: startInstantLocked(measured: now))
            rearmLocked()
        }
    }

    /// Pauses a running timer, keeping its time left; a no-op in any other state.
    func pause(_ id: TimerID) {
        let now = backend.now.nanoseconds
        lock.withLock {
            guard let slot = storage.slot(of: id), storage[slot].state == .running else { return }
            let left: Int64
            switch storage.schedule(of: slot) {
            case .countdown(let countdown): left = countdown.end.saturatingSubtract(now)
            case .oneShot, .grid: left = (storage.deadline(of: slot) ?? now).saturatingSubtract(now)
            }
            storage.setPausedRemaining(max(0, left), of: slot)
            storage[slot].state = .paused
            storage.unschedule(slot: slot)
            rearmLocked()
        }
    }

    /// Resumes a paused timer with the time it had left; a no-op in any other state.
    func resume(_ id: TimerID) {
        let now = backend.now.nanoseconds
        lock.withLock {
            guard let slot = storage.slot(of: id), storage[slot].state == .paused else { return }
            let left = storage.value(of: slot)
            storage[slot].state = .running
            switch storage.schedule(of: slot) {
            case .oneShot:
                storage.schedule(slot: slot, at: now.saturatingAdd(left))
            case .grid(var grid):
                grid.baseIndex = grid.baseIndex.saturatingAdd(grid.nextIndex)
                grid.anchor = now.saturatingAdd(left)
                grid.nextIndex = 0
                storage.setSchedule(.grid(grid), of: slot)
                storage.schedule(slot: slot, at: grid.anchor)
            case .countdown(var countdown):
                countdown.end = now.saturatingAdd(left)
                countdown.nextK = CountdownSchedule.firstK(
                    left: left, tick: countdown.tick, notDeliveredFrom: countdown.nextK)
                storage.setSchedule(.countdown(countdown), of: slot)
                storage.schedule(slot: slot, at: countdown.end - countdown.nextK * countdown.tick)
            }
            rearmLocked()
        }
    }

    /// Cancels a timer; idempotent, safe from any thread and from inside any callback.
    @usableFromInline
    func cancel(_ id: TimerID) {
        let released: TimerCallback? = lock.withLock {
            guard let slot = storage.slot(of: id), !storage[slot].state.isTerminal else { return nil }
            let handler = storage.end(slot: slot, as: .cancelled)
            rearmLocked()
            return handler
        }
        _ = consume released
    }

    /// Queues a run of the timer's callback now on the clock's context, leaving its schedule
    /// as it is (a one-shot is then done). A no-op once finished or cancelled.
    func fire(_ id: TimerID) {
        let now = backend.now.nanoseconds
        let queued = lock.withLock { () -> Bool in
            guard let slot = storage.slot(of: id), !storage[slot].state.isTerminal else { return false }
            storage.scheduleManualFire(slot: slot, at: now)
            rearmLocked()
            return true
        }
        if queued { manualFireRequested?() }
    }

    /// The handle is gone: cancel the timer if it is alive and free its slot. Returns the
    /// cancelled timer's handler, for the caller to release, and whether it was the queue's last
    /// handle, when the caller lets the queue go (``TimerHandle``'s deinit).
    func releaseHandle(_ key: TimerID) -> (TimerCallback?, Bool) {
        let (released, wasLastHandle): (TimerCallback?, Bool) = lock.withLock {
            let slot = Int(key.slot)
            let wasLast = storage.dropHandle(slot: slot)
            if storage[slot].state.isTerminal {
                storage.free(slot: slot)
                return (nil, wasLast)
            }
            let handler = storage.end(slot: slot, as: .cancelled)
            rearmLocked()
            return (handler, wasLast)
        }
        return (released, wasLastHandle)
    }

    /// When a timer started now counts from: inside a callback, on its thread, the instant the
    /// callback was scheduled for (``logicalNow``), so that work a late callback starts keeps
    /// the schedule it would have had on time; elsewhere the measured `now`. Caller holds the lock.
    private func startInstantLocked(measured now: Int64) -> Int64 {
        guard let firing, firing.thread.isCurrent else { return now }
        return firing.scheduled.nanoseconds
    }

    /// Schedules an idle timer's first fire from `now`. Caller holds the lock.
    private func startLocked(slot: Int, now: Int64) {
        storage[slot].state = .running
        switch storage.schedule(of: slot) {
        case .oneShot(let oneShot):
            storage.schedule(slot: slot, at: oneShot.deadline ?? now.saturatingAdd(oneShot.delay))
        case .grid(var grid):
            grid.anchor = now.saturatingAdd(grid.startDelay)
            grid.nextIndex = 0
            storage.setSchedule(.grid(grid), of: slot)
            storage.schedule(slot: slot, at: grid.anchor)
        case .countdown(var countdown):
            if let length = countdown.length { countdown.end = now.saturatingAdd(length) }
            let left = countdown.end.saturatingSubtract(now)
            countdown.nextK = CountdownSchedule.firstK(left: left, tick: countdown.tick, notDeliveredFrom: nil)
            storage.setSchedule(.countdown(countdown), of: slot)
            storage.schedule(slot: slot, at: countdown.end - countdown.nextK * countdown.tick)
        }
    }
}
