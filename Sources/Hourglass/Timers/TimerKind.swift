/// The kind of a timer, as listed by ``TimerClock/pendingTimers``.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum TimerKind: Hashable, Sendable, CustomStringConvertible {
    /// Fires once: `oneShot(after:)` and the one-shots kept by a ``TimerID``.
    case oneShot
    /// Fires on a grid of equal intervals: `repeating(every:)`.
    case repeating
    /// Ticks down to a deadline, then finishes once: `countdown(for:)`, `countdown(until:)`.
    case countdown
    /// Ticks at a frame rate, like a display link: `frameTicker(framesPerSecond:)`.
    case frameTicker

    /// How the kind is named in listings, e.g. "one-shot".
    public var description: String {
        switch self {
        case .oneShot: "one-shot"
        case .repeating: "repeating"
        case .countdown: "countdown"
        case .frameTicker: "frame ticker"
        }
    }
}
