extension TimerClock {
    /// A timer that fires once, `delay` from now (or from ``TimerHandle/start()``).
    ///
    /// Releasing the returned handle cancels the timer; use ``schedule(after:leeway:_:)``
    /// for one that runs though nobody keeps a handle (GCD's `dispatch_after`).
    /// - Parameters:
    ///   - delay: how long from start until it fires; must not be negative.
    ///   - leeway: how late it may fire so that the clock can wake once for several timers.
    ///   - startsRunning: `false` creates it idle, to be started later.
    ///   - action: runs on the clock's context.
    @inlinable
    public func oneShot(
        after delay: Duration, leeway: Duration = .zero, startsRunning: Bool = true,
        _ action: @escaping @Sendable (TimerFire) -> Void
    ) throws(TimerError) -> TimerHandle {
        // One reading of `timerQueue`: the handle's number must be the queue that has the slot.
        let queue = timerQueue
        let id = queue.addOneShot(
            delay: try TimerArguments.delay(delay), leeway: try TimerArguments.leeway(leeway),
            start: startsRunning, hasHandle: true, handler: .action(action))
        return TimerHandle(queueNumber: queue.number, id: id)
    }

    /// Runs `action` once at `deadline`, with no leeway and no ID: what the package's own
    /// schedulers (linemode's steps, the scripted service's replies) use for work that is
    /// never cancelled. Callers outside the package use ``schedule(at:leeway:_:)``.
    package func enqueue(at deadline: TimerInstant, _ action: @escaping @Sendable (TimerFire) -> Void) {
        _ = timerQueue.addOneShot(deadline: deadline.nanoseconds, leeway: 0, hasHandle: false, handler: .action(action))
    }

    /// A one-shot that calls `action` with `target` while it lives; once `target` is
    /// released the timer cancels itself. The timer never keeps `target` alive.
    public func oneShot<Target: AnyObject & Sendable>(
        after delay: Duration, target: Target, leeway: Duration = .zero, startsRunning: Bool = true,
        _ action: @escaping @Sendable (Target, TimerFire) -> Void
    ) throws(TimerError) -> TimerHandle {
        let queue = timerQueue
        let id = queue.addOneShot(
            delay: try TimerArguments.delay(delay), leeway: try TimerArguments.leeway(leeway),
            start: startsRunning, hasHandle: true, handler: Self.weakHandler(target, action))
        return TimerHandle(queueNumber: queue.number, id: id)
    }

    static func weakHandler<Target: AnyObject & Sendable>(
        _ target: Target, _ action: @escaping @Sendable (Target, TimerFire) -> Void
    ) -> TimerCallback {
        let box = WeakBox(target)
        return .handler { event in
            guard let target = box.value else { return false }
            action(target, TimerFire(event))
            return true
        }
    }
}

extension TimerFire {
    init(_ event: TimerEvent) {
        self.init(
            scheduled: event.scheduled, now: event.now, index: event.index,
            missedTicks: event.missedTicks, isManual: event.isManual)
    }
}
