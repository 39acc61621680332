/// What the queue hands a timer's handler: everything any timer kind needs to report.
@usableFromInline
struct TimerEvent: Sendable {
    var scheduled: TimerInstant
    var now: TimerInstant
    var index: Int64
    var missedTicks: Int64
    var isManual: Bool
    /// Countdowns: the time left, in nanoseconds.
    var remaining: Int64 = 0
    /// Countdowns: this is the last tick; the handler finishes after it.
    var isFinal: Bool = false
}

/// A timer's callback: the caller's action as given, so the common timers allocate no wrapper
/// closure, or a handler that sees the whole event and returns `false` when its weak target
/// is gone, which cancels the timer.
@usableFromInline
enum TimerCallback: Sendable {
    case action(@Sendable (TimerFire) -> Void)
    case handler(@Sendable (TimerEvent) -> Bool)

    /// Runs the callback; `false` ends the timer as cancelled.
    func callAsFunction(_ event: TimerEvent) -> Bool {
        switch self {
        case .action(let action):
            action(TimerFire(event))
            return true
        case .handler(let handler):
            return handler(event)
        }
    }
}
