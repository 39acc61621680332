import Foundation
import Hourglass
import Synchronization
import TestSupport
import Testing

@Suite("Conformance on every clock: control", .serialized)
struct ConformanceControlTests {
    @Test("fire() runs now on the clock's context and keeps the schedule", arguments: ClockKind.allCases)
    func fireKeepsSchedule(kind: ClockKind) throws {
        let harness = try ClockHarness(kind)
        let fires = Recorder<TimerFire>()
        let onContext = Recorder<Bool>()
        let start = harness.clock.now
        let timer = try harness.clock.repeating(every: .milliseconds(50)) { fire in
            fires.append(fire)
            onContext.append(harness.isOnContext)
        }
        harness.fire(timer)
        if kind == .virtual { #expect(fires.values.map(\.isManual) == [true]) }  // before fire() returns
        #expect(harness.wait { fires.values.count >= 3 })
        timer.cancel()
        let values = fires.values
        #expect(values.first?.isManual == true)
        #expect(values.first?.index == -1)
        let ticks = values.dropFirst()
        let anchor = ticks.first.map { $0.scheduled - .milliseconds(50) * Int($0.index) } ?? .zero
        #expect(anchor >= start + .milliseconds(50))
        #expect(values.first.map { $0.scheduled < anchor } == true)
        #expect(ticks.map { anchor.duration(to: $0.scheduled) } == ticks.map { .milliseconds(50) * Int($0.index) })
        #expect(onContext.values.allSatisfy { $0 })
        harness.shutdown()
        expectNothingPending(harness.clock)
    }

    @Test("no fire while paused; resume goes on", arguments: ClockKind.allCases)
    func pauseResume(kind: ClockKind) throws {
        let harness = try ClockHarness(kind)
        let count = Box(0)
        let timer = try harness.clock.repeating(every: .milliseconds(10)) { _ in count.value += 1 }
        #expect(harness.wait { count.value >= 2 })
        timer.pause()
        timer.pause()
        harness.drain()
        let paused = count.value
        harness.pass(.milliseconds(60))
        #expect(count.value == paused)
        #expect(timer.state == .paused)
        timer.resume()
        timer.resume()
        #expect(harness.wait { count.value >= paused + 2 })
        timer.cancel()
        harness.shutdown()
        expectNothingPending(harness.clock)
    }

    @Test("a released weak target cancels its timer", arguments: ClockKind.allCases)
    func weakTarget(kind: ClockKind) throws {
        let harness = try ClockHarness(kind)
        let released = Box(false)
        let count = Box(0)
        var target: Target? = Target(name: "t", deinitialized: released)
        let timer = try harness.clock.repeating(every: .milliseconds(10), target: target!) { _, _ in count.value += 1 }
        #expect(harness.wait { count.value >= 1 })
        target = nil
        #expect(harness.wait { timer.state == .cancelled })
        harness.drain()
        let final = count.value
        harness.pass(.milliseconds(40))
        #expect(count.value == final)
        #expect(released.value)
        harness.shutdown()
        expectNothingPending(harness.clock)
    }

    @Test("releasing the handle cancels the timer", arguments: ClockKind.allCases)
    func handleRelease(kind: ClockKind) throws {
        let harness = try ClockHarness(kind)
        let count = Box(0)
        var timer: TimerHandle? = try harness.clock.repeating(every: .milliseconds(10)) { _ in count.value += 1 }
        #expect(harness.wait { count.value >= 1 })
        #expect(timer?.state == .running)
        timer = nil
        expectNothingPending(harness.clock)
        harness.drain()
        let final = count.value
        harness.pass(.milliseconds(40))
        #expect(count.value == final)
        harness.shutdown()
    }

    @Test("countdown values come from the deadline; one finish after the tick at 0", arguments: ClockKind.allCases)
    func countdownValues(kind: ClockKind) throws {
        let harness = try ClockHarness(kind)
        let events = Recorder<String>()
        let ticks = Recorder<CountdownTick>()
        let countdown = try harness.clock.countdown(
            for: .milliseconds(300), tick: .milliseconds(50),
            onTick: { tick in
                ticks.append(tick)
                events.append("tick")
            }, onFinish: { events.append("finish") })
        #expect(harness.wait { countdown.state == .finished })
        harness.drain()
        let values = ticks.values
        // Under load a real clock may coalesce boundaries; the values must still account for all six.
        #expect(values.map { $0.missedTicks + 1 }.reduce(0, +) == 6)
        #expect(values.last?.remaining == .zero)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0.remaining > $1.remaining })
        #expect(
            values.allSatisfy {
                $0.now >= $0.scheduled && $0.remaining.components.attoseconds % 50_000_000_000_000_000 == 0
            })
        #expect(events.values.filter { $0 == "finish" }.count == 1)
        #expect(events.values.last == "finish")
        harness.shutdown()
        expectNothingPending(harness.clock)
    }

    @Test("callbacks run one at a time on the clock's context", arguments: ClockKind.allCases)
    func serialContext(kind: ClockKind) throws {
        let harness = try ClockHarness(kind)
        let inside = Atomic<Int>(0)
        let overlap = Box(false)
        let onContext = Recorder<Bool>()
        let count = Box(0)
        let timers = try (0..<3).map { _ in
            try harness.clock.repeating(every: .milliseconds(1)) { _ in
                if inside.add(1, ordering: .sequentiallyConsistent).newValue > 1 { overlap.value = true }
                onContext.append(harness.isOnContext)
                count.value += 1
                inside.subtract(1, ordering: .sequentiallyConsistent)
            }
        }
        #expect(harness.wait { count.value >= 60 })
        for item in timers { item.cancel() }
        harness.drain()
        #expect(overlap.value == false)
        #expect(onContext.values.allSatisfy { $0 })
        harness.shutdown()
        expectNothingPending(harness.clock)
    }

    @Test("shutting down with timers pending cancels them all and runs nothing more", arguments: ClockKind.allCases)
    func shutdownWithPending(kind: ClockKind) throws {
        let harness = try ClockHarness(kind)
        let ran = Box(0)
        let timers = try (1...5).map { index in
            try harness.clock.oneShot(after: .milliseconds(100 * index)) { _ in ran.value += 1 }
        }
        try harness.clock.schedule(after: .milliseconds(50)) { _ in ran.value += 1 }
        guard kind != .virtual else {
            for item in timers { item.cancel() }
            harness.pass(.seconds(1))
            #expect(ran.value == 1)
            return
        }
        harness.shutdown()
        expectNothingPending(harness.clock)
        #expect(timers.allSatisfy { $0.state == .cancelled })
        Thread.sleep(forTimeInterval: 0.15)
        #expect(ran.value == 0)
    }
}
