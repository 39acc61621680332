/// A point in time on a ``TimerClock``, counted in nanoseconds from the clock's origin.
///
/// Real clocks count from the host's boot (`CLOCK_BOOTTIME` on Linux), so an instant keeps
/// advancing while the process or the machine is suspended. ``VirtualClock`` starts at ``zero``.
public struct TimerInstant: Hashable, Comparable, Sendable {
    /// Nanoseconds since the clock's origin.
    public var nanoseconds: Int64

    /// Creates an instant a number of nanoseconds after the clock's origin.
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// The clock's origin.
    public static let zero = TimerInstant(nanoseconds: 0)

    /// The instant a duration after the origin, saturating at the representable range.
    public static func afterOrigin(_ duration: Duration) -> TimerInstant {
        TimerInstant(nanoseconds: duration.saturatingNanoseconds)
    }

    public static func < (lhs: TimerInstant, rhs: TimerInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// The instant `duration` later, saturating at the representable range.
    public static func + (lhs: TimerInstant, rhs: Duration) -> TimerInstant {
        lhs.advanced(by: rhs)
    }

    /// The instant `duration` earlier, saturating at the representable range.
    public static func - (lhs: TimerInstant, rhs: Duration) -> TimerInstant {
        guard let nanoseconds = rhs.exactNanoseconds else {
            return TimerInstant(nanoseconds: rhs < .zero ? .max : .min)
        }
        return TimerInstant(nanoseconds: lhs.nanoseconds.saturatingSubtract(nanoseconds))
    }

    /// The duration from `rhs` to `lhs`.
    public static func - (lhs: TimerInstant, rhs: TimerInstant) -> Duration {
        rhs.duration(to: lhs)
    }

    /// The time since the origin as a `Duration`.
    public var sinceOrigin: Duration { .nanoseconds(nanoseconds) }
}

extension TimerInstant: InstantProtocol {
    public func advanced(by duration: Duration) -> TimerInstant {
        TimerInstant(nanoseconds: nanoseconds.saturatingAdd(duration.saturatingNanoseconds))
    }

    public func duration(to other: TimerInstant) -> Duration {
        .nanoseconds(other.nanoseconds.saturatingSubtract(nanoseconds))
    }
}

extension TimerInstant: CustomStringConvertible {
    /// Seconds with millisecond precision, e.g. `12.345s`; whole seconds as `12s`.
    public var description: String {
        let sign = nanoseconds < 0 ? "-" : ""
        let magnitude = nanoseconds.magnitude
        let seconds = magnitude / 1_000_000_000
        let millis = (magnitude % 1_000_000_000) / 1_000_000
        if millis == 0 { return "\(sign)\(seconds)s" }
        let padded = String(millis).leftPadded(to: 3)
        return "\(sign)\(seconds).\(padded)s"
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}

extension Int64 {
    /// `self + other`, clamped to the representable range instead of overflowing.
    func saturatingAdd(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }

    /// `self - other`, clamped to the representable range instead of overflowing.
    func saturatingSubtract(_ other: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return difference }
        return other > 0 ? .min : .max
    }

    /// `self * other`, clamped to the representable range instead of overflowing.
    func saturatingMultiply(_ other: Int64) -> Int64 {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        guard overflow else { return product }
        return (self < 0) == (other < 0) ? .max : .min
    }
}
