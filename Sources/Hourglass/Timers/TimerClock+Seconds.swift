extension TimerClock {
    /// ``oneShot(after:leeway:startsRunning:_:)`` with the delay in seconds.
    /// NaN, infinite and out-of-range values throw ``TimerError/nonFiniteSeconds(parameter:value:)``.
    public func oneShot(
        afterSeconds delay: Double, startsRunning: Bool = true,
        _ action: @escaping @Sendable (TimerFire) -> Void
    ) throws(TimerError) -> TimerHandle {
        try oneShot(after: .checkedSeconds(delay, parameter: "delay"), startsRunning: startsRunning, action)
    }

    /// ``repeating(every:startingAfter:leeway:policy:startsRunning:_:)`` with times in seconds.
    /// NaN, infinite and out-of-range values throw ``TimerError/nonFiniteSeconds(parameter:value:)``.
    public func repeating(
        everySeconds interval: Double, startingAfterSeconds delay: Double? = nil, leewaySeconds leeway: Double = 0,
        policy: MissedTickPolicy = .skip, startsRunning: Bool = true,
        _ action: @escaping @Sendable (TimerFire) -> Void
    ) throws(TimerError) -> TimerHandle {
        let start = try delay.map { (delay) throws(TimerError) in try Duration.checkedSeconds(delay, parameter: "delay")
        }
        return try repeating(
            every: .checkedSeconds(interval, parameter: "interval"), startingAfter: start,
            leeway: .checkedSeconds(leeway, parameter: "leeway"), policy: policy, startsRunning: startsRunning, action)
    }

    /// ``countdown(for:tick:leeway:startsRunning:onTick:onFinish:)`` with times in seconds.
    /// NaN, infinite and out-of-range values throw ``TimerError/nonFiniteSeconds(parameter:value:)``.
    public func countdown(
        forSeconds duration: Double, tickSeconds tick: Double = 1, startsRunning: Bool = true,
        onTick: @escaping @Sendable (CountdownTick) -> Void, onFinish: @escaping @Sendable () -> Void
    ) throws(TimerError) -> TimerHandle {
        try countdown(
            for: .checkedSeconds(duration, parameter: "duration"), tick: .checkedSeconds(tick, parameter: "tick"),
            startsRunning: startsRunning, onTick: onTick, onFinish: onFinish)
    }
}
