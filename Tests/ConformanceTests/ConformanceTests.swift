import Foundation
import Hourglass
import Synchronization
import TestSupport
import Testing

/// The timer rules, run on every clock. Real clocks use real time: see ``ClockHarness`` for
/// the tolerances and why.
@Suite("Conformance on every clock", .serialized)
struct ConformanceTests {
    @Test("deadline order, and first-in first-out on equal deadlines", arguments: ClockKind.allCases)
    func ordering(kind: ClockKind) throws {
        let harness = try ClockHarness(kind)
        let clock = harness.clock
        let order = Recorder<String>()
        let tie = clock.now + .milliseconds(40)
        let last = try clock.oneShot(after: .milliseconds(80)) { _ in order.append("last") }
        let ties = try ["a", "b", "c"].map { name in
            try clock.countdown(until: tie, tick: .seconds(1), onTick: { _ in order.append(name) }, onFinish: {})
        }
        let first = try clock.oneShot(after: .milliseconds(10)) { _ in order.append("first") }
        #expect(harness.wait { order.values.count == 5 })
        #expect(order.values == ["first", "a", "b", "c", "last"])
        #expect(([first, last] + ties).allSatisfy { $0.state == .finished })
        harness.shutdown()
        expectNothingPending(clock)
    }

    @Test("never early, on the grid of the first deadline, ticks accounted for", arguments: ClockKind.allCases)
    func repeatingGrid(kind: ClockKind) throws {
        let harness = try ClockHarness(kind)
        let fires = Recorder<TimerFire>()
        let start = harness.clock.now
        let timer = try harness.clock.repeating(every: .milliseconds(20)) { fires.append($0) }
        #expect(harness.wait { fires.values.count >= 10 })
        timer.cancel()
        let values = fires.values
        // The grid's anchor is the first deadline, taken when the timer was made (after `start`).
        let anchor = values[0].scheduled - .milliseconds(20) * Int(values[0].index)
        #expect(anchor >= start + .milliseconds(20))
        for (previous, fire) in zip([nil] + values.map(Optional.some), values) {
            #expect(fire.now >= fire.scheduled)
            #expect(anchor.duration(to: fire.scheduled) == .milliseconds(20) * Int(fire.index))
            #expect(fire.index == (previous.map { $0.index + 1 } ?? 0) + fire.missedTicks)
        }
        harness.shutdown()
        expectNothingPending(harness.clock)
    }

    @Test("a timer cancelled before it is due never runs", arguments: ClockKind.allCases)
    func cancelBeforeDue(kind: ClockKind) throws {
        let harness = try ClockHarness(kind)
        let ran = Box(false)
        let timer = try harness.clock.oneShot(after: .milliseconds(20)) { _ in ran.value = true }
        timer.cancel()
        timer.cancel()
        harness.pass(.milliseconds(60))
        harness.drain()
        #expect(ran.value == false)
        #expect(timer.state == .cancelled)
        harness.shutdown()
        expectNothingPending(harness.clock)
    }

    @Test("cancel from another thread racing the fire: a timer runs once or never", arguments: ClockKind.allCases)
    func cancelRacingFire(kind: ClockKind) throws {
        let harness = try ClockHarness(kind)
        let runs = Recorder<Int>()
        let timers = try (0..<300).map { index in
            try harness.clock.oneShot(after: .microseconds(index * 20)) { _ in runs.append(index) }
        }
        let canceller = Thread { for timer in timers.reversed() { timer.cancel() } }
        canceller.start()
        harness.pass(.milliseconds(3))
        #expect(harness.wait { timers.allSatisfy(\.state.isTerminal) })
        harness.drain()
        let ran = runs.values
        #expect(Set(ran).count == ran.count)
        for (index, timer) in timers.enumerated() {
            #expect(ran.contains(index) == (timer.state == .finished))
        }
        harness.shutdown()
        expectNothingPending(harness.clock)
    }

    @Test("cancel inside a callback stops a timer due at the same instant", arguments: ClockKind.allCases)
    func cancelSameDeadline(kind: ClockKind) throws {
        let harness = try ClockHarness(kind)
        let ran = Recorder<String>()
        let victim = Box<TimerHandle?>(nil)
        let tie = harness.clock.now + .milliseconds(30)
        let first = try harness.clock.countdown(
            until: tie, tick: .seconds(1),
            onTick: { _ in
                ran.append("first")
                victim.value?.cancel()
            }, onFinish: {})
        victim.value = try harness.clock.countdown(
            until: tie, tick: .seconds(1), onTick: { _ in ran.append("second") }, onFinish: {})
        #expect(harness.wait { first.state == .finished })
        harness.drain()
        #expect(ran.values == ["first"])
        #expect(victim.value?.state == .cancelled)
        harness.shutdown()
        expectNothingPending(harness.clock)
    }
}
