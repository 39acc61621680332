import Testing

@testable import HourglassServer

/// The rolling window of a budget, on two fixed windows (pure: no database).
@Suite("A budget's rolling window")
struct BudgetWindowTests {
    /// A budget of `limit` sends an hour, its fixed window begun at 0, with these counts.
    static func budget(_ limit: Int, current: Int, previous: Int) -> BudgetWindow {
        BudgetWindow(limit: limit, length: 3_600_000, start: 0, current: current, previous: previous)
    }

    @Test("with nothing before, a fixed window's budget: open under the limit, then until the next's share")
    func nothingBefore() {
        let open = Self.budget(3, current: 2, previous: 0)
        #expect(open.cap(at: 600_000) == 3 && open.isOpen(at: 600_000))
        let spent = Self.budget(3, current: 3, previous: 0)
        #expect(!spent.isOpen(at: 600_000))
        // The next window counts these three for all, then less: one more fits a third in.
        #expect(spent.wait(at: 600_000) == 3_000 + 1_200)
    }

    @Test("the window before counts for what is left of it within an hour back")
    func previousShare() {
        // 200 a day, 200 sent just before midnight: at midnight nothing fits; one an
        // L/200 (432 s) later, as the share before drops below 199.
        let day = BudgetWindow(limit: 200, length: 86_400_000, start: 0, current: 0, previous: 200)
        #expect(day.cap(at: 0) == 0 && !day.isOpen(at: 0))
        #expect(day.wait(at: 0) == 432)
        #expect(!day.isOpen(at: 431_999) && day.isOpen(at: 432_000))
        // Half an hour in, 4 before count for 2: with 1 sent, a budget of 4 holds one more.
        let half = Self.budget(4, current: 1, previous: 4)
        #expect(half.cap(at: 1_800_000) == 2 && half.isOpen(at: 1_800_000))
        let full = Self.budget(4, current: 2, previous: 4)
        #expect(!full.isOpen(at: 1_800_000))
        // 4 × (1 − e) ≤ 1 from e = 3/4: 2 700 s in, 900 s from now.
        #expect(full.wait(at: 1_800_000) == 900)
        #expect(!full.isOpen(at: 2_699_999) && full.isOpen(at: 2_700_000))
    }

    @Test("more before than the limit leaves no room for a while (the cap below zero)")
    func overfull() {
        // A budget lowered after a busy window: 10 before, a limit of 2.
        let lowered = Self.budget(2, current: 0, previous: 10)
        #expect(lowered.cap(at: 0) == -8)
        // 10 × (1 − e) ≤ 1 from e = 0.9.
        #expect(lowered.wait(at: 0) == 3_240)
        #expect(lowered.isOpen(at: 3_240_000) && !lowered.isOpen(at: 3_239_999))
    }
}
