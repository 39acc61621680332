/// How late a queue's callbacks started: the most any started after its instant, or after the
/// floor when that is later (a deliberate block of the context, whose timers are late by design).
struct Lateness {
    /// The most a callback started late, in nanoseconds.
    var high: Int64 = 0
    /// The instant before which lateness does not count.
    var floor: Int64 = .min

    /// A callback due at `deadline` starts at `time`.
    @inline(__always)
    mutating func record(_ time: Int64, deadline: Int64) {
        high = max(high, time.saturatingSubtract(max(deadline, floor)))
    }
}
