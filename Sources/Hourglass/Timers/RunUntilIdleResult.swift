/// How ``VirtualClock/runUntilIdle(maxFires:)`` ended.
public enum RunUntilIdleResult: Hashable, Sendable, CustomStringConvertible {
    /// No timer is scheduled any more.
    case idle(fired: Int)
    /// The fire limit was reached with timers still scheduled, typically a repeating one.
    case stoppedAtFireLimit(fired: Int, pending: [PendingTimer])

    /// How many callbacks ran.
    public var fired: Int {
        switch self {
        case .idle(let fired), .stoppedAtFireLimit(let fired, _): fired
        }
    }

    public var description: String {
        switch self {
        case .idle(let fired):
            return "idle after \(fired) fires"
        case .stoppedAtFireLimit(let fired, let pending):
            let listed = pending.prefix(3).map(\.description).joined(separator: "; ")
            return "stopped after \(fired) fires with \(pending.count) timer(s) still scheduled (\(listed)): "
                + "a repeating timer never lets the clock go idle; cancel it, or use advance(by:) instead"
        }
    }
}
