/// When a timer fires next; pure arithmetic on nanoseconds, no locking.
enum TimerSchedule {
    case oneShot(OneShotSchedule)
    case grid(GridSchedule)
    case countdown(CountdownSchedule)

    /// A one-shot for a fixed instant, which does not depend on when it starts.
    var isAbsolute: Bool {
        if case .oneShot(let oneShot) = self { oneShot.deadline != nil } else { false }
    }
}

struct OneShotSchedule {
    var delay: Int64
    /// An absolute deadline, which `delay` does not apply to.
    var deadline: Int64?
}

/// A repeating grid: tick `n` is due at `anchor + n * numerator / denominator` nanoseconds.
///
/// The period is a fraction so that a 60 Hz frame ticker (16 666 666.6… ns) stays on its
/// grid forever; plain repeating timers use a denominator of 1. Every deadline is computed
/// from the anchor, never from the previous fire, so the grid cannot drift.
struct GridSchedule {
    var startDelay: Int64
    var numerator: Int64
    var denominator: Int64
    var policy: MissedTickPolicy
    var anchor: Int64 = 0
    var nextIndex: Int64 = 0
    /// Ticks numbered before the last resume, so tick numbers go on across a pause.
    var baseIndex: Int64 = 0

    /// The deadline of tick `n` (n ≥ 0), without overflow for any n.
    func deadline(_ n: Int64) -> Int64 {
        let whole = (n / denominator).multipliedReportingOverflow(by: numerator)
        let part = ((n % denominator) * numerator) / denominator
        guard !whole.overflow else { return .max }
        return anchor.saturatingAdd(whole.partialValue).saturatingAdd(part)
    }

    /// The deadline of tick `n` (n ≥ 0), nil when it lies past the last representable instant:
    /// such a tick never comes (``deadline(_:)`` would put it at `Int64.max`, due at once).
    func reachableDeadline(_ n: Int64) -> Int64? {
        let whole = (n / denominator).multipliedReportingOverflow(by: numerator)
        let part = ((n % denominator) * numerator) / denominator
        guard !whole.overflow else { return nil }
        let (start, overflow) = anchor.addingReportingOverflow(whole.partialValue)
        let (deadline, overflowAgain) = start.addingReportingOverflow(part)
        return overflow || overflowAgain ? nil : deadline
    }

    /// The largest tick number whose deadline is at or before `instant` (-1 if none),
    /// clamped to `Int64.max`; exact over the whole instant range.
    func lastIndex(atOrBefore instant: Int64) -> Int64 {
        guard instant >= anchor else { return -1 }
        // deadline(n) <= t  ⟺  n < (t - anchor + 1) * den / num, in unsigned 128-bit arithmetic:
        // t - anchor fits in UInt64 because t >= anchor.
        let distance = UInt64(bitPattern: instant &- anchor)
        let product = distance.multipliedFullWidth(by: UInt64(denominator))
        let (low, carry) = product.low.addingReportingOverflow(UInt64(denominator))
        let high = product.high &+ (carry ? 1 : 0)
        let divisor = UInt64(numerator)
        guard high < divisor else { return .max }
        let (quotient, remainder) = divisor.dividingFullWidth((high, low))
        let last = remainder == 0 ? quotient - 1 : quotient
        return last > UInt64(Int64.max) ? .max : Int64(last)
    }
}

/// A countdown towards `end`: tick `k` (k ≥ 0) is due at `end - k * tick` and reports `k * tick`.
struct CountdownSchedule {
    /// The length, when the deadline is set at `start()`; nil for a fixed deadline.
    var length: Int64?
    var end: Int64
    var tick: Int64
    /// The next boundary to deliver.
    var nextK: Int64 = 0

    /// The boundary number a display shows at `instant`: the time left rounded up to a tick.
    func shownK(at instant: Int64) -> Int64 {
        let left = end.saturatingSubtract(instant)
        return left <= 0 ? 0 : (left - 1) / tick + 1
    }

    /// The first boundary still to come after `instant` when `left` remains, keeping a
    /// boundary exactly at `instant` when it was not delivered yet.
    static func firstK(left: Int64, tick: Int64, notDeliveredFrom pending: Int64?) -> Int64 {
        if left <= 0 { return 0 }
        if left % tick == 0, let pending, pending >= left / tick { return left / tick }
        return (left - 1) / tick
    }
}
