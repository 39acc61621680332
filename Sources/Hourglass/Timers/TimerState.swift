/// Where a timer is in its life.
public enum TimerState: Hashable, Sendable, CustomStringConvertible {
    /// Created stopped; ``TimerHandle/start()`` schedules it.
    case idle
    /// Scheduled: it fires when due.
    case running
    /// Paused: its remaining time is kept until ``TimerHandle/resume()``.
    case paused
    /// Done: a one-shot fired, or a countdown finished.
    case finished
    /// Cancelled: it never fires again.
    case cancelled

    /// Finished or cancelled: nothing will happen any more.
    public var isTerminal: Bool { self == .finished || self == .cancelled }

    public var description: String {
        switch self {
        case .idle: "idle"
        case .running: "running"
        case .paused: "paused"
        case .finished: "finished"
        case .cancelled: "cancelled"
        }
    }
}
