import Hourglass
import TestSupport
import Testing

@Suite("Ordering and virtual time")
struct OrderingTests {
    @Test("equal deadlines fire first-in first-out, across timer kinds")
    func fifoOnEqualDeadlines() throws {
        let clock = VirtualClock()
        let order = Recorder<String>()
        let late = try clock.oneShot(after: .seconds(2)) { _ in order.append("late") }
        let a = try clock.oneShot(after: .seconds(1)) { _ in order.append("a") }
        let b = try clock.repeating(every: .seconds(1)) { _ in order.append("b") }
        let c = try clock.oneShot(after: .seconds(1)) { _ in order.append("c") }
        let d = try clock.countdown(for: .seconds(2), onTick: { _ in order.append("d") }, onFinish: {})
        clock.advance(by: .seconds(1))
        #expect(order.values == ["a", "b", "c", "d"])
        b.cancel()
        clock.advance(by: .seconds(1))
        #expect(order.values == ["a", "b", "c", "d", "late", "d"])
        #expect([late.state, a.state, c.state, d.state] == [.finished, .finished, .finished, .finished])
        expectNothingPending(clock)
    }

    @Test("now equals each timer's deadline while it fires")
    func nowIsTheDeadline() throws {
        let clock = VirtualClock()
        let seen = Recorder<TimerInstant>()
        let timers = try [300, 100, 250].map { milliseconds in
            try clock.oneShot(after: .milliseconds(milliseconds)) { _ in seen.append(clock.now) }
        }
        clock.advance(by: .seconds(1))
        #expect(seen.values == [.milliseconds(100), .milliseconds(250), .milliseconds(300)])
        #expect(clock.now == .seconds(1))
        #expect(timers.map(\.state) == [.finished, .finished, .finished])
        expectNothingPending(clock)
    }

    @Test("timers scheduled by callbacks run in the same advance when due")
    func chainedTimersRunInOneAdvance() throws {
        let clock = VirtualClock()
        let seen = Recorder<TimerInstant>()
        let chain = Box<[TimerHandle]>([])
        @Sendable func step(_ remaining: Int) throws {
            let next = try clock.oneShot(after: .milliseconds(10)) { fire in
                seen.append(fire.scheduled)
                if remaining > 1 { try? step(remaining - 1) }
            }
            chain.value.append(next)
        }
        try step(3)
        let ran = clock.advance(by: .milliseconds(25))
        #expect(ran == 2)
        #expect(seen.values == [.milliseconds(10), .milliseconds(20)])
        clock.advance(by: .milliseconds(5))
        #expect(seen.values == [.milliseconds(10), .milliseconds(20), .milliseconds(30)])
        expectNothingPending(clock)
    }

    @Test("a zero delay runs at the next advance, even by zero")
    func zeroDelay() throws {
        let clock = VirtualClock()
        let ran = Box(0)
        try clock.schedule(after: .zero) { _ in ran.value += 1 }
        #expect(ran.value == 0)
        #expect(clock.advance(by: .zero) == 1)
        #expect(ran.value == 1)
        expectNothingPending(clock)
    }

    @Test("time never goes backwards")
    func timeNeverGoesBackwards() {
        let clock = VirtualClock()
        clock.advance(by: .seconds(5))
        clock.advance(to: .seconds(2))
        #expect(clock.now == .seconds(5))
        clock.advance(by: .seconds(-3))
        #expect(clock.now == .seconds(5))
        clock.suspend(for: .seconds(-1))
        #expect(clock.now == .seconds(5))
    }

    @Test("advance called from a callback extends the advance under way")
    func reentrantAdvance() throws {
        let clock = VirtualClock()
        let seen = Recorder<TimerInstant>()
        let first = try clock.oneShot(after: .seconds(1)) { _ in
            seen.append(clock.now)
            clock.advance(by: .seconds(5))
        }
        let second = try clock.oneShot(after: .seconds(3)) { _ in seen.append(clock.now) }
        clock.advance(by: .seconds(2))
        #expect(seen.values == [.seconds(1), .seconds(3)])
        #expect(clock.now == .seconds(6))
        #expect([first.state, second.state] == [.finished, .finished])
        expectNothingPending(clock)
    }

    @Test("pending timers are listed earliest first, then paused and idle ones")
    func pendingListing() throws {
        let clock = VirtualClock()
        let idle = try clock.oneShot(after: .seconds(1), startsRunning: false) { _ in }
        let later = try clock.oneShot(after: .seconds(9)) { _ in }
        let sooner = try clock.repeating(every: .seconds(2)) { _ in }
        let paused = try clock.countdown(for: .seconds(5), onTick: { _ in }, onFinish: {})
        paused.pause()
        let listed = clock.pendingTimers
        #expect(listed.map(\.id) == [sooner.id, later.id, idle.id, paused.id])
        #expect(listed.map(\.state) == [.running, .running, .idle, .paused])
        #expect(listed.map(\.deadline) == [.seconds(2), .seconds(9), nil, nil])
        #expect(
            listed.map(\.description) == [
                "repeating running due 2s", "one-shot running due 9s", "one-shot idle", "countdown paused",
            ])
        for timer in [idle, later, sooner, paused] { timer.cancel() }
        expectNothingPending(clock)
    }
}
