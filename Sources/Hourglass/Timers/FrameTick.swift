/// A frame of a ``TimerClock/frameTicker(framesPerSecond:startsRunning:_:)``.
public struct FrameTick: Hashable, Sendable {
    /// The frame's number from 0 since the ticker started.
    public var index: Int64
    /// When the frame was due.
    public var target: TimerInstant
    /// When the callback actually started.
    public var actual: TimerInstant
    /// How many frames were dropped before this one.
    public var droppedFrames: Int64

    /// Creates a frame tick.
    public init(index: Int64, target: TimerInstant, actual: TimerInstant, droppedFrames: Int64) {
        self.index = index
        self.target = target
        self.actual = actual
        self.droppedFrames = droppedFrames
    }
}
