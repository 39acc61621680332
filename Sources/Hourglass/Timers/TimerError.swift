/// Why a timer could not be created: each case names the argument and what to pass instead.
///
/// Hourglass never replaces a bad argument with a default (an old GCD wrapper silently
/// turned intervals ≤ 0 into one second) and never traps on one. Timers count in whole
/// nanoseconds: a finer part of a duration is dropped (toward zero), so an interval, a tick
/// or a countdown must be at least one nanosecond.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum TimerError: Error, Hashable, Sendable {
    /// A repeating interval was less than one nanosecond.
    case nonPositiveInterval(Duration)
    /// A start delay was negative.
    case negativeDelay(Duration)
    /// A leeway was negative.
    case negativeLeeway(Duration)
    /// A countdown's duration was less than one nanosecond.
    case nonPositiveDuration(Duration)
    /// A countdown's tick was less than one nanosecond.
    case nonPositiveTick(Duration)
    /// A countdown's tick was longer than the countdown itself.
    case tickLongerThanCountdown(tick: Duration, duration: Duration)
    /// A frame rate was not a positive whole number of frames per second up to 1000.
    case invalidFrameRate(Int)
    /// A `Double` argument was NaN or infinite, or too large to be a duration.
    case nonFiniteSeconds(parameter: String, value: Double)
    /// A duration did not fit in the clock's 64-bit nanosecond range (about 292 years).
    case durationOutOfRange(Duration)
    /// A ``ScaledClock``'s scale was not a finite number between 0.0001 and 10000.
    case invalidTimeScale(Double)
}

extension TimerError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .nonPositiveInterval(let interval):
            "repeat interval must be at least 1 nanosecond, got \(interval); pass a positive Duration"
        case .negativeDelay(let delay):
            "delay must not be negative, got \(delay); pass .zero to start at once"
        case .negativeLeeway(let leeway):
            "leeway must not be negative, got \(leeway); pass .zero for none"
        case .nonPositiveDuration(let duration):
            "countdown duration must be at least 1 nanosecond, got \(duration)"
        case .nonPositiveTick(let tick):
            "countdown tick must be at least 1 nanosecond, got \(tick)"
        case .tickLongerThanCountdown(let tick, let duration):
            "countdown tick \(tick) is longer than the countdown \(duration); pass a tick of at most the duration"
        case .invalidFrameRate(let rate):
            "frame rate must be between 1 and 1000 frames per second, got \(rate)"
        case .nonFiniteSeconds(let parameter, let value):
            "\(parameter) must be a finite number of seconds within ±292 years, got \(value)"
        case .durationOutOfRange(let duration):
            "duration \(duration) is out of range: timers accept up to about 292 years"
        case .invalidTimeScale(let scale):
            "time scale must be a finite number from 0.0001 to 10000, got \(scale); 0.01 runs a minute in 0.6 s"
        }
    }
}
