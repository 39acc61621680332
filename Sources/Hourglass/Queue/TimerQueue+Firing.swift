/// A callback ready to run, taken from the queue under its lock.
struct Firing: ~Copyable {
    let id: TimerID
    let handler: TimerCallback
    let event: TimerEvent
}

extension TimerQueue {
    /// Works out what a popped heap entry means: which callback runs with which event, and
    /// what the timer does next. Returns nil for a stale entry. Caller holds the lock.
    func prepareFire(of entry: DueEntry, now: Int64) -> Firing? {
        let id = TimerID(slot: entry.slot, generation: entry.generation)
        guard let slot = storage.slot(of: id), !storage[slot].state.isTerminal else { return nil }
        let scheduled = entry.deadline
        if !entry.isManual && storage[slot].kind == .oneShot {
            // The common case, first: the one-shot ends and its handler moves to the firing.
            guard let handler = storage.end(slot: slot, as: .finished) else { return nil }
            let event = TimerEvent(
                scheduled: TimerInstant(nanoseconds: scheduled), now: TimerInstant(nanoseconds: now),
                index: 0, missedTicks: 0, isManual: false)
            return Firing(id: id, handler: handler, event: event)
        }
        guard let handler = storage[slot].handler else { return nil }
        if entry.isManual {
            return prepareManualFire(slot: slot, id: id, handler: handler, requestedAt: entry.deadline, now: now)
        }
        switch storage.schedule(of: slot) {
        case .oneShot:
            return nil  // handled above
        case .grid(var grid):
            let event = advanceGrid(&grid, scheduled: scheduled, now: now)
            storage.setSchedule(.grid(grid), of: slot)
            // A tick past the last representable instant never comes: at `.max` it would fire
            // at once, reporting no missed tick, and again and again after a tick at `.max`.
            if let next = grid.reachableDeadline(grid.nextIndex) { storage.schedule(slot: slot, at: next) }
            return Firing(id: id, handler: handler, event: event)
        case .countdown(var countdown):
            let event = advanceCountdown(&countdown, now: now)
            storage.setSchedule(.countdown(countdown), of: slot)
            if event.isFinal {
                _ = storage.end(slot: slot, as: .finished)
            } else {
                storage.schedule(slot: slot, at: countdown.end - countdown.nextK * countdown.tick)
            }
            return Firing(id: id, handler: handler, event: event)
        }
    }

    /// Moves a grid past the tick due at `scheduled`, following its missed-tick policy.
    private func advanceGrid(_ grid: inout GridSchedule, scheduled: Int64, now: Int64) -> TimerEvent {
        let due = grid.nextIndex
        let latest = max(due, grid.lastIndex(atOrBefore: now))
        let missed = latest - due
        let fired = grid.policy == .burst ? due : latest
        let event = TimerEvent(
            scheduled: TimerInstant(nanoseconds: fired == due ? scheduled : grid.deadline(fired)),
            now: TimerInstant(nanoseconds: now),
            index: grid.baseIndex.saturatingAdd(fired), missedTicks: grid.policy == .burst ? 0 : missed, isManual: false
        )
        switch grid.policy {
        case .burst:
            grid.nextIndex = due.saturatingAdd(1)
        case .skip:
            grid.nextIndex = latest.saturatingAdd(1)
        case .delay where missed > 0:
            // Restart the grid one period after this late fire; tick numbers go on.
            grid.baseIndex = grid.baseIndex.saturatingAdd(latest)
            grid.anchor = now
            grid.nextIndex = 1
        case .delay:
            grid.nextIndex = due.saturatingAdd(1)
        }
        return event
    }

    /// Moves a countdown to the boundary shown at `now`: after a stall that is the true
    /// remaining value at once, never a burst of stale ticks.
    private func advanceCountdown(_ countdown: inout CountdownSchedule, now: Int64) -> TimerEvent {
        let due = countdown.nextK
        let shown = min(due, countdown.shownK(at: now))
        countdown.nextK = shown - 1
        let remaining = shown * countdown.tick
        return TimerEvent(
            scheduled: TimerInstant(nanoseconds: countdown.end - remaining), now: TimerInstant(nanoseconds: now),
            index: 0, missedTicks: due - shown, isManual: false, remaining: remaining, isFinal: shown == 0)
    }

    /// A manual `fire()`: runs now; the schedule stays as it was, except that a one-shot is done.
    private func prepareManualFire(
        slot: Int, id: TimerID, handler: TimerCallback, requestedAt: Int64, now: Int64
    ) -> Firing {
        var event = TimerEvent(
            scheduled: TimerInstant(nanoseconds: requestedAt), now: TimerInstant(nanoseconds: now),
            index: -1, missedTicks: 0, isManual: true)
        switch storage.schedule(of: slot) {
        case .oneShot:
            _ = storage.end(slot: slot, as: .finished)
        case .grid:
            break
        case .countdown(let countdown):
            event.remaining = shownRemaining(
                of: countdown, state: storage[slot].state,
                pausedRemaining: storage.value(of: slot), now: now)
        }
        return Firing(id: id, handler: handler, event: event)
    }

    /// What a countdown shows now, rounded up to its tick.
    func shownRemaining(of countdown: CountdownSchedule, state: TimerState, pausedRemaining: Int64, now: Int64) -> Int64
    {
        let left: Int64
        switch state {
        case .idle: left = countdown.length ?? max(0, countdown.end.saturatingSubtract(now))
        case .paused: left = pausedRemaining
        default: left = max(0, countdown.end.saturatingSubtract(now))
        }
        return left <= 0 ? 0 : ((left - 1) / countdown.tick + 1).saturatingMultiply(countdown.tick)
    }
}
