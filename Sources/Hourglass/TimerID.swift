/// Identifies one timer of a ``TimerQueue``; never reused while the timer can be named.
public struct TimerID: Hashable, Sendable, CustomStringConvertible {
    let slot: UInt32
    let generation: UInt32

    public var description: String { "timer#\(slot).\(generation)" }
}

/// A timer that is still alive (idle, running or paused), as listed by ``TimerClock/pendingTimers``.
public struct PendingTimer: Hashable, Sendable, CustomStringConvertible {
    /// The timer.
    public var id: TimerID
    /// What kind of timer it is.
    public var kind: TimerKind
    /// Idle, running or paused.
    public var state: TimerState
    /// When it fires next, if it is running.
    public var deadline: TimerInstant?

    /// Creates a listing entry.
    public init(id: TimerID, kind: TimerKind, state: TimerState, deadline: TimerInstant?) {
        self.id = id
        self.kind = kind
        self.state = state
        self.deadline = deadline
    }

    public var description: String {
        "\(kind) \(state)" + (deadline.map { " due \($0)" } ?? "")
    }
}
