/// A frame of a ``TimerClock/frameTicker(framesPerSecond:startsRunning:_:)``.
public struct FrameTick: Hashable, Sendable {
    /// The frame's number from 0 since the ticker started.
    public var index: Int64
    /// The instant the frame was due. Derive what is drawn from this, not from ``now``.
    public var scheduled: TimerInstant
    /// The clock's time when the callback started: later than ``scheduled`` after a stall.
    public var now: TimerInstant
    /// How many frames a stall made it miss before this one.
    public var missedTicks: Int64

    /// Creates a frame tick.
    public init(index: Int64, scheduled: TimerInstant, now: TimerInstant, missedTicks: Int64) {
        self.index = index
        self.scheduled = scheduled
        self.now = now
        self.missedTicks = missedTicks
    }

    /// How late the callback started, `now - scheduled`.
    public var lateness: Duration { scheduled.duration(to: now) }
}
