/// A countdown's tick: the time left, on a whole-tick boundary measured from the deadline.
public struct CountdownTick: Hashable, Sendable {
    /// The time left, a whole multiple of the tick; 0 on the last tick.
    public var remaining: Duration
    /// The instant of the boundary this tick stands for (`deadline - remaining`).
    public var scheduled: TimerInstant
    /// The clock's time when the callback started.
    public var now: TimerInstant
    /// How many boundaries a stall or suspension skipped before this tick.
    public var missedTicks: Int64
    /// Whether ``TimerHandle/fire()`` asked for this tick.
    public var isManual: Bool

    /// Creates a countdown tick.
    public init(remaining: Duration, scheduled: TimerInstant, now: TimerInstant, missedTicks: Int64, isManual: Bool) {
        self.remaining = remaining
        self.scheduled = scheduled
        self.now = now
        self.missedTicks = missedTicks
        self.isManual = isManual
    }

    /// The time left in whole seconds, rounded up: what a "Resend in 42s" button shows.
    public var remainingSeconds: Int64 {
        let nanoseconds = remaining.saturatingNanoseconds
        return nanoseconds <= 0 ? 0 : (nanoseconds - 1) / 1_000_000_000 + 1
    }
}
