extension TimerClock {
    /// A display-link-like ticker at a fixed frame rate, e.g. 60 Hz.
    ///
    /// Frame `n` is due exactly `n / framesPerSecond` seconds after the start (kept as a
    /// fraction, so 60 Hz never drifts). A late frame reports its target and actual time;
    /// frames missed during a stall are dropped and counted. Releasing the handle cancels it.
    public func frameTicker(
        framesPerSecond: Int = 60, startsRunning: Bool = true,
        _ action: @escaping @Sendable (FrameTick) -> Void
    ) throws(TimerError) -> TimerHandle {
        guard (1...1000).contains(framesPerSecond) else { throw .invalidFrameRate(framesPerSecond) }
        let rate = Int64(framesPerSecond)
        let divisor = Self.greatestCommonDivisor(1_000_000_000, rate)
        let grid = GridSchedule(
            startDelay: 0, numerator: 1_000_000_000 / divisor, denominator: rate / divisor, policy: .skip)
        let handler = TimerCallback.handler { event in
            action(
                FrameTick(
                    index: event.index, scheduled: event.scheduled, now: event.now, missedTicks: event.missedTicks))
            return true
        }
        let queue = timerQueue
        let id = queue.add(
            kind: .frameTicker, schedule: .grid(grid), leeway: 0, start: startsRunning,
            hasHandle: true, handler: handler)
        return TimerHandle(queueNumber: queue.number, id: id)
    }

    private static func greatestCommonDivisor(_ a: Int64, _ b: Int64) -> Int64 {
        b == 0 ? a : greatestCommonDivisor(b, a % b)
    }
}
