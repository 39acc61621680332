/// A budget's rolling window, counted on two fixed ones: the sends of the window that holds
/// now, and those of the window before, which count for as much of it as lies within a
/// window's length back from now (a sliding-window counter, as Cloudflare counts its rate
/// limits). A budget spent just before its fixed window ends so stays spent into the next one,
/// instead of starting afresh at midnight.
struct BudgetWindow: Sendable, Hashable {
    /// The sends the budget holds in a window's length.
    let limit: Int
    /// The window's length, in milliseconds.
    let length: Int64
    /// When the fixed window that holds now began (milliseconds since 1970).
    let start: Int64
    /// The sends counted in it, and in the window before it.
    let current: Int, previous: Int

    /// The sends the current fixed window may hold at `now`, the previous window's share
    /// counted: a send is taken while ``current`` is under it. A send is allowed when
    /// `current + previous × (length − elapsed) / length` stays at most `limit − 1`.
    func cap(at now: Int64) -> Int {
        let weight = max(0, length - (now - start))
        let room = Int64(limit - 1) * length - Int64(previous) * weight
        // ⌊room / length⌋ + 1, `room` perhaps negative.
        let floor = room >= 0 ? room / length : -((-room + length - 1) / length)
        return Int(floor) + 1
    }

    /// This window with at least `count` sends in it: the one a store found spent by another
    /// send after it read it.
    func holding(atLeast count: Int) -> Self {
        Self(limit: limit, length: length, start: start, current: max(current, count), previous: previous)
    }

    /// Whether a send may take from the budget at `now`.
    func isOpen(at now: Int64) -> Bool { current < cap(at: now) }

    /// The seconds from `now` until a send may take from it again, when it is spent: within
    /// this window, once enough of the previous one's share has passed; or, when this window
    /// alone holds the whole budget, once enough of it has in the next.
    func wait(at now: Int64) -> Int {
        if current >= limit || previous == 0 {
            let spent = Int64(max(current, 1))
            let into = (length * (spent - Int64(limit) + 1) + spent - 1) / spent
            return VerificationLedger.seconds(until: start + length + max(0, into), from: now)
        }
        let elapsed = length - Int64(limit - 1 - current) * length / Int64(previous)
        return VerificationLedger.seconds(until: start + elapsed, from: now)
    }
}
