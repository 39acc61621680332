/// What a one-shot or repeating timer's callback learns about this fire.
public struct TimerFire: Hashable, Sendable {
    /// The instant this fire was scheduled for (for a manual ``TimerHandle/fire()``, when it
    /// was requested). Derive displayed values from this, not from ``now``.
    public var scheduled: TimerInstant
    /// The clock's time when the callback started: later than ``scheduled`` after a stall.
    public var now: TimerInstant
    /// The tick's number on the timer's grid, from 0 (0 for a one-shot, -1 for a manual fire).
    public var index: Int64
    /// How many ticks were skipped since the previous fire (``MissedTickPolicy``).
    public var missedTicks: Int64
    /// Whether ``TimerHandle/fire()`` asked for this fire.
    public var isManual: Bool

    /// Creates a fire description.
    public init(scheduled: TimerInstant, now: TimerInstant, index: Int64, missedTicks: Int64, isManual: Bool) {
        self.scheduled = scheduled
        self.now = now
        self.index = index
        self.missedTicks = missedTicks
        self.isManual = isManual
    }

    /// How late the callback started, `now - scheduled`.
    public var lateness: Duration { scheduled.duration(to: now) }
}
