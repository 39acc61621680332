/// Identifies one timer of a ``TimerQueue``; never reused while the timer can be named.
public struct TimerID: Hashable, Sendable, CustomStringConvertible {
    let slot: UInt32
    let generation: UInt32

    public var description: String { "timer#\(slot).\(generation)" }

    /// The generation no slot ever has: a handle's key for its own slot, which is the handle's
    /// until the handle goes, so there is no older timer to tell it from.
    static let handleGeneration = UInt32.max

    init(slot: UInt32, generation: UInt32) {
        self.slot = slot
        self.generation = generation
    }

    /// The key a ``TimerHandle`` passes for its own slot.
    init(handleSlot slot: UInt32) {
        self.init(slot: slot, generation: Self.handleGeneration)
    }
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
