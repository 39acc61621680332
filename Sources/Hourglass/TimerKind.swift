/// The kind of a timer, as listed by ``TimerQueue/pendingTimers``.
public enum TimerKind: Hashable, Sendable, CustomStringConvertible {
    case oneShot
    case repeating
    case countdown
    case frameTicker

    public var description: String {
        switch self {
        case .oneShot: "one-shot"
        case .repeating: "repeating"
        case .countdown: "countdown"
        case .frameTicker: "frame ticker"
        }
    }
}
