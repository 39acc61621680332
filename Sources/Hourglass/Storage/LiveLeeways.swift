/// The leeways of the live timers, counted so that the smallest is known at once: a backend
/// is woken at the earliest deadline plus it.
///
/// Most timers have no leeway; those are counted apart, with no hashing on the hot path.
struct LiveLeeways {
    /// How many live timers use each leeway other than zero.
    private var counts: [Int64: Int] = [:]
    /// Live timers with no leeway.
    private var zeroCount = 0
    /// The smallest leeway of a live timer; zero with none.
    private(set) var minimum: Int64 = 0

    /// Counts a timer that became live.
    @inline(__always)
    mutating func add(_ leeway: Int64) {
        if leeway == 0 {
            zeroCount += 1
            minimum = 0
        } else {
            count(leeway, by: 1)
        }
    }

    /// Counts a live timer that ended.
    @inline(__always)
    mutating func remove(_ leeway: Int64) {
        if leeway == 0 && zeroCount > 1 { zeroCount -= 1 } else { count(leeway, by: -1) }
    }

    private mutating func count(_ leeway: Int64, by delta: Int) {
        if leeway == 0 {
            zeroCount += delta
        } else {
            let count = counts[leeway, default: 0] + delta
            counts[leeway] = count == 0 ? nil : count
        }
        if zeroCount > 0 || counts.isEmpty {
            minimum = 0
        } else if delta > 0 {
            minimum = counts.count == 1 ? leeway : min(minimum, leeway)
        } else if counts[minimum] == nil {
            minimum = counts.keys.min() ?? 0
        }
    }
}
