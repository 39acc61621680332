extension Duration {
    /// The duration in whole nanoseconds, or `nil` when it does not fit in `Int64`.
    /// Sub-nanosecond parts are truncated toward zero.
    var exactNanoseconds: Int64? {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            return Self.exactNanoseconds(ofAttoseconds: attoseconds)
        }
        // Zero (the usual leeway) skips the 128-bit arithmetic of `components`.
        if self == .zero { return 0 }
        // Out of range first: `components` itself traps beyond ±Int64.max seconds.
        guard self <= Self.largestNanoseconds, self >= Self.smallestNanoseconds else { return nil }
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return nil }
        let (total, overflow2) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        return overflow2 ? nil : total
    }

    /// `exactNanoseconds` from the attoseconds: one 128-by-64-bit division, where `components`
    /// divides 128-bit numbers twice. The same result: truncated toward zero, nil when the
    /// duration is beyond `Int64.max` or `Int64.min` nanoseconds by any amount.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    private static func exactNanoseconds(ofAttoseconds attoseconds: Int128) -> Int64? {
        // Zero (the usual leeway) skips the division.
        if attoseconds == 0 { return 0 }
        let magnitude = attoseconds.magnitude
        let high = UInt64(truncatingIfNeeded: magnitude >> 64)
        // A quotient of 2^64 or more fits neither way.
        guard high < 1_000_000_000 else { return nil }
        let (quotient, remainder) = UInt64(1_000_000_000).dividingFullWidth(
            (high: high, low: UInt64(truncatingIfNeeded: magnitude)))
        let limit = attoseconds < 0 ? UInt64(1) << 63 : UInt64(Int64.max)
        guard quotient < limit || (quotient == limit && remainder == 0) else { return nil }
        return attoseconds < 0 ? Int64(truncatingIfNeeded: 0 &- quotient) : Int64(quotient)
    }

    /// The duration in whole nanoseconds, clamped to the `Int64` range.
    var saturatingNanoseconds: Int64 {
        if let exact = exactNanoseconds { return exact }
        return self < .zero ? .min : .max
    }

    private static let largestNanoseconds = Duration.nanoseconds(Int64.max)
    private static let smallestNanoseconds = Duration.nanoseconds(Int64.min)

    /// Validated nanoseconds for a timer argument.
    func timerNanoseconds() throws(TimerError) -> Int64 {
        guard let value = exactNanoseconds else { throw .durationOutOfRange(self) }
        return value
    }
}

extension Duration {
    /// A duration of `seconds`, rejecting NaN, infinities and values out of range
    /// with a ``TimerError`` instead of trapping.
    ///
    /// - Parameters:
    ///   - seconds: the number of seconds.
    ///   - parameter: the argument's name, used in the error's message.
    static func checkedSeconds(
        _ seconds: Double, parameter: String = "seconds"
    ) throws(TimerError) -> Duration {
        guard seconds.isFinite else { throw .nonFiniteSeconds(parameter: parameter, value: seconds) }
        let nanoseconds = (seconds * 1e9).rounded()
        guard nanoseconds.magnitude < 9.2e18 else {
            throw .nonFiniteSeconds(parameter: parameter, value: seconds)
        }
        return .nanoseconds(Int64(nanoseconds))
    }
}
