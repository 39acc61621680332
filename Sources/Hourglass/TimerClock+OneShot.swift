extension TimerClock {
    /// A timer that fires once, `delay` from now (or from ``TimerHandle/start()``).
    ///
    /// Releasing the returned handle cancels the timer; use
    /// ``fireAndForget(after:leeway:_:)`` for one that runs though nobody keeps it.
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
        let id = timerQueue.addOneShot(
            delay: try TimerArguments.delay(delay), leeway: try TimerArguments.leeway(leeway),
            start: startsRunning, hasHandle: true, handler: .action(action))
        return TimerHandle(queue: timerQueue, id: id, kind: .oneShot)
    }

    /// Runs `action` once, `delay` from now, whether or not anybody keeps a reference:
    /// the "run after N seconds" of GCD's `dispatch_after`. ``schedule(after:leeway:_:)`` is
    /// the same with an ID to cancel it by.
    public func fireAndForget(
        after delay: Duration, leeway: Duration = .zero,
        _ action: @escaping @Sendable (TimerFire) -> Void
    ) throws(TimerError) {
        try schedule(after: delay, leeway: leeway, action)
    }

    /// Runs `action` once at `deadline` (at the next run of due timers, in deadline order, if it
    /// has passed), whether or not anybody keeps a reference. Its ``TimerFire/scheduled`` is
    /// exactly `deadline`, so work scheduled on an exact grid stays on it on a real clock.
    public func fireAndForget(at deadline: TimerInstant, _ action: @escaping @Sendable (TimerFire) -> Void) {
        _ = timerQueue.addOneShot(deadline: deadline.nanoseconds, leeway: 0, hasHandle: false, handler: .action(action))
    }

    /// A one-shot that calls `action` with `target` while it lives; once `target` is
    /// released the timer cancels itself. The timer never keeps `target` alive.
    public func oneShot<Target: AnyObject & Sendable>(
        after delay: Duration, target: Target, leeway: Duration = .zero, startsRunning: Bool = true,
        _ action: @escaping @Sendable (Target, TimerFire) -> Void
    ) throws(TimerError) -> TimerHandle {
        let id = timerQueue.addOneShot(
            delay: try TimerArguments.delay(delay), leeway: try TimerArguments.leeway(leeway),
            start: startsRunning, hasHandle: true, handler: Self.weakHandler(target, action))
        return TimerHandle(queue: timerQueue, id: id, kind: .oneShot)
    }

    static func weakHandler<Target: AnyObject & Sendable>(
        _ target: Target, _ action: @escaping @Sendable (Target, TimerFire) -> Void
    ) -> TimerHandler {
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
        self.init(scheduled: event.scheduled, now: event.now, index: event.index,
                  missedTicks: event.missed, isManual: event.isManual)
    }
}
