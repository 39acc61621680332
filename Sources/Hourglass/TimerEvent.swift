/// What the queue hands a timer's handler: everything any timer kind needs to report.
struct TimerEvent {
    var scheduled: TimerInstant
    var now: TimerInstant
    var index: Int64
    var missed: Int64
    var isManual: Bool
    /// Countdowns: the time left, in nanoseconds.
    var remaining: Int64 = 0
    /// Countdowns: this is the last tick; the handler finishes after it.
    var isFinal: Bool = false
}

/// A timer's callback. Returns `false` when its weak target is gone, which cancels the timer.
typealias TimerHandler = @Sendable (TimerEvent) -> Bool
