import Hourglass
import TestSupport
import Testing

@Suite("One-shots by ID, with no handle object")
struct ScheduledTimerTests {
    let clock = VirtualClock()

    @Test("schedule(after:) runs although nobody keeps the ID, at its exact instant")
    func runsWithoutAHandle() throws {
        let fired = Recorder<TimerInstant>()
        try clock.schedule(after: .seconds(2)) { fire in fired.append(fire.scheduled) }
        #expect(clock.advance(by: .seconds(1)) == 0)
        #expect(clock.advance(by: .seconds(1)) == 1)
        #expect(fired.values == [.seconds(2)])
        expectNothingPending(clock)
    }

    @Test("cancel(_:) by ID stops it; cancelling again, or after it ran, changes nothing")
    func cancelByID() throws {
        let fired = Recorder<Int>()
        let first = try clock.schedule(after: .seconds(1)) { _ in fired.append(1) }
        let second = try clock.schedule(after: .seconds(1)) { _ in fired.append(2) }
        #expect(clock.isPending(first) && clock.isPending(second))
        clock.cancel(first)
        clock.cancel(first)
        #expect(!clock.isPending(first))
        clock.advance(by: .seconds(1))
        #expect(fired.values == [2])
        #expect(!clock.isPending(second))
        clock.cancel(second)
        expectNothingPending(clock)
    }

    @Test("a stale ID never reaches the timer that reuses its slot")
    func staleIDAfterReuse() throws {
        let fired = Recorder<String>()
        let old = try clock.schedule(after: .seconds(1)) { _ in fired.append("old") }
        clock.cancel(old)
        let new = try clock.schedule(after: .seconds(1)) { _ in fired.append("new") }
        #expect(new != old)
        clock.cancel(old)
        #expect(clock.isPending(new))
        clock.advance(by: .seconds(1))
        #expect(fired.values == ["new"])
    }

    @Test("schedule(at:) fires at exactly that instant, FIFO with equal deadlines, at once if past")
    func absoluteDeadlines() throws {
        let fired = Recorder<String>()
        clock.advance(by: .seconds(5))
        try clock.schedule(at: .seconds(7)) { fire in fired.append("a@\(fire.scheduled)") }
        try clock.schedule(at: .seconds(7)) { fire in fired.append("b@\(fire.scheduled)") }
        try clock.schedule(at: .seconds(3)) { fire in fired.append("past@\(fire.scheduled) now \(fire.now)") }
        clock.advance(by: .zero)
        #expect(fired.values == ["past@3s now 5s"])
        clock.advance(by: .seconds(2))
        #expect(fired.values == ["past@3s now 5s", "a@7s", "b@7s"])
        expectNothingPending(clock)
    }

    @Test("bad delay and leeway throw; nothing is added")
    func badArguments() {
        #expect(throws: TimerError.negativeDelay(.seconds(-1))) { try clock.schedule(after: .seconds(-1)) { _ in } }
        #expect(throws: TimerError.negativeLeeway(.seconds(-1))) {
            try clock.schedule(at: .seconds(1), leeway: .seconds(-1)) { _ in }
        }
        expectNothingPending(clock)
    }

    @Test("the captured action is released when the timer is cancelled, not when the clock goes")
    func releasesCaptureOnCancel() throws {
        let released = Box(false)
        var target: Target? = Target(name: "t", deinitialized: released)
        let id = try clock.schedule(after: .seconds(1)) { [target] _ in _ = target }
        target = nil
        #expect(!released.value)
        clock.cancel(id)
        #expect(released.value)
    }
}
