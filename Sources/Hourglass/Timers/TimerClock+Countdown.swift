extension TimerClock {
    /// A countdown of `duration` that ticks on whole-`tick` boundaries measured from its end.
    ///
    /// A 60 s countdown with 1 s ticks calls `onTick` with 59 s, 58 s … 0 s at exact instants
    /// (the starting value, 60 s, is known to the caller), then `onFinish` exactly once. The
    /// time left is always read from the deadline: after a stall or a suspension the next
    /// tick shows the true value at once, with no burst of stale ticks; the tick at 0 is never
    /// skipped. Releasing the handle cancels it.
    /// - Parameters:
    ///   - duration: the countdown's length; greater than zero.
    ///   - tick: the step; greater than zero and at most `duration`.
    ///   - leeway: how late a tick may be, so the clock can wake once for several timers.
    ///   - startsRunning: `false` creates it idle; the countdown then starts at ``TimerHandle/start()``.
    ///   - onTick: runs on the clock's context with the time left.
    ///   - onFinish: runs once, right after the tick at 0.
    public func countdown(
        for duration: Duration, tick: Duration = .seconds(1), leeway: Duration = .zero, startsRunning: Bool = true,
        onTick: @escaping @Sendable (CountdownTick) -> Void, onFinish: @escaping @Sendable () -> Void
    ) throws(TimerError) -> TimerHandle {
        let (length, tickLength) = try TimerArguments.countdown(duration, tick: tick)
        let schedule = TimerSchedule.countdown(CountdownSchedule(length: length, end: 0, tick: tickLength))
        return addCountdown(
            schedule, leeway: try TimerArguments.leeway(leeway), start: startsRunning,
            onTick: onTick, onFinish: onFinish)
    }

    /// A countdown to a fixed `deadline`, e.g. a cooldown restored after a restart.
    /// A deadline already past gives the tick at 0 and the finish at once.
    public func countdown(
        until deadline: TimerInstant, tick: Duration = .seconds(1), leeway: Duration = .zero,
        startsRunning: Bool = true,
        onTick: @escaping @Sendable (CountdownTick) -> Void, onFinish: @escaping @Sendable () -> Void
    ) throws(TimerError) -> TimerHandle {
        let tickLength = try tick.timerNanoseconds()
        guard tickLength > 0 else { throw .nonPositiveTick(tick) }
        let schedule = TimerSchedule.countdown(
            CountdownSchedule(length: nil, end: deadline.nanoseconds, tick: tickLength))
        return addCountdown(
            schedule, leeway: try TimerArguments.leeway(leeway), start: startsRunning,
            onTick: onTick, onFinish: onFinish)
    }

    private func addCountdown(
        _ schedule: TimerSchedule, leeway: Int64, start: Bool,
        onTick: @escaping @Sendable (CountdownTick) -> Void, onFinish: @escaping @Sendable () -> Void
    ) -> TimerHandle {
        let handler = TimerCallback.handler { event in
            onTick(
                CountdownTick(
                    remaining: .nanoseconds(event.remaining), scheduled: event.scheduled, now: event.now,
                    missedTicks: event.missedTicks, isManual: event.isManual))
            if event.isFinal { onFinish() }
            return true
        }
        let queue = timerQueue
        let id = queue.add(
            kind: .countdown, schedule: schedule, leeway: leeway, start: start,
            hasHandle: true, handler: handler)
        return TimerHandle(queueNumber: queue.number, id: id)
    }
}
