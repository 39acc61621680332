extension TimerClock {
    /// A timer that fires every `interval`, on the grid of its first deadline.
    ///
    /// Deadlines are `first + n × interval`, never "now + interval", so the timer does not
    /// drift. After a stall, `policy` decides what happens to the missed ticks (by default
    /// one fire reports how many were skipped). Releasing the handle cancels the timer.
    /// - Parameters:
    ///   - interval: the period; at least one nanosecond (timers count in whole nanoseconds).
    ///   - delay: time from start until the first fire; by default one `interval`.
    ///   - leeway: how late a fire may be, so the clock can wake once for several timers.
    ///   - policy: what to do with ticks missed during a stall.
    ///   - startsRunning: `false` creates it idle, to be started later.
    ///   - action: runs on the clock's context.
    public func repeating(
        every interval: Duration, startingAfter delay: Duration? = nil, leeway: Duration = .zero,
        policy: MissedTickPolicy = .skip, startsRunning: Bool = true,
        _ action: @escaping @Sendable (TimerFire) -> Void
    ) throws(TimerError) -> TimerHandle {
        let schedule = try Self.gridSchedule(every: interval, startingAfter: delay, policy: policy)
        let queue = timerQueue
        let id = queue.add(
            kind: .repeating, schedule: schedule, leeway: try TimerArguments.leeway(leeway),
            start: startsRunning, hasHandle: true, handler: .action(action))
        return TimerHandle(queueNumber: queue.number, id: id)
    }

    /// A repeating timer that calls `action` with `target` while it lives; once `target` is
    /// released the timer cancels itself. The timer never keeps `target` alive.
    public func repeating<Target: AnyObject & Sendable>(
        every interval: Duration, target: Target, startingAfter delay: Duration? = nil,
        leeway: Duration = .zero, policy: MissedTickPolicy = .skip, startsRunning: Bool = true,
        _ action: @escaping @Sendable (Target, TimerFire) -> Void
    ) throws(TimerError) -> TimerHandle {
        let schedule = try Self.gridSchedule(every: interval, startingAfter: delay, policy: policy)
        let queue = timerQueue
        let id = queue.add(
            kind: .repeating, schedule: schedule, leeway: try TimerArguments.leeway(leeway),
            start: startsRunning, hasHandle: true, handler: Self.weakHandler(target, action))
        return TimerHandle(queueNumber: queue.number, id: id)
    }

    private static func gridSchedule(
        every interval: Duration, startingAfter delay: Duration?, policy: MissedTickPolicy
    ) throws(TimerError) -> TimerSchedule {
        let period = try TimerArguments.interval(interval)
        let start = try delay.map { (delay) throws(TimerError) in try TimerArguments.delay(delay) } ?? period
        return .grid(GridSchedule(startDelay: start, numerator: period, denominator: 1, policy: policy))
    }
}
