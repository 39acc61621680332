/// Checks timer arguments, turning each bad one into its ``TimerError``.
@usableFromInline
enum TimerArguments: Sendable {
    @usableFromInline
    static func delay(_ delay: Duration) throws(TimerError) -> Int64 {
        let value = try delay.timerNanoseconds()
        // A negative part of a nanosecond truncates to zero: the Duration itself is checked then.
        guard value > 0 || (value == 0 && delay >= .zero) else { throw .negativeDelay(delay) }
        return value
    }

    @usableFromInline
    static func leeway(_ leeway: Duration) throws(TimerError) -> Int64 {
        let value = try leeway.timerNanoseconds()
        guard value > 0 || (value == 0 && leeway >= .zero) else { throw .negativeLeeway(leeway) }
        return value
    }

    static func interval(_ interval: Duration) throws(TimerError) -> Int64 {
        let value = try interval.timerNanoseconds()
        guard value > 0 else { throw .nonPositiveInterval(interval) }
        return value
    }

    static func countdown(_ duration: Duration, tick: Duration) throws(TimerError) -> (length: Int64, tick: Int64) {
        let length = try duration.timerNanoseconds()
        guard length > 0 else { throw .nonPositiveDuration(duration) }
        let tickLength = try tick.timerNanoseconds()
        guard tickLength > 0 else { throw .nonPositiveTick(tick) }
        guard tickLength <= length else { throw .tickLongerThanCountdown(tick: tick, duration: duration) }
        return (length, tickLength)
    }
}

/// A weak reference that a `@Sendable` callback can capture.
final class WeakBox<Target: AnyObject & Sendable>: Sendable {
    // Sendable: `Target` is Sendable and `weak let` is immutable apart from the runtime
    // zeroing it, which is atomic.
    weak let value: Target?

    init(_ value: Target) {
        self.value = value
    }
}
