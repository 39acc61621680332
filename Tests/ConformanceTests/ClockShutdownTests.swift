import Dispatch
import Foundation
import Hourglass
import TestSupport
import Testing

/// A real clock that shuts down (`DispatchClock.shutdown()`, `LibeventClock.shutdown()`) does so
/// for good and at once: no callback starts after it, not even one already due; a timer added
/// afterwards ends cancelled rather than waiting for ever; a task sleeping or iterating ticks
/// on it ends rather than hanging.
@Suite("Real clocks shut down for good", .serialized)
struct ClockShutdownTests {
    @Test("a timer added after the shutdown ends cancelled; sleep throws at once", arguments: ClockKind.realClocks)
    func afterShutdown(kind: ClockKind) async throws {
        let harness = try ClockHarness(kind)
        let clock = harness.clock
        harness.shutdown()
        let handle = try clock.oneShot(after: .milliseconds(5)) { _ in Issue.record("ran after the shutdown") }
        let id = try clock.schedule(after: .milliseconds(5)) { _ in Issue.record("ran after the shutdown") }
        #expect(handle.state == .cancelled)
        #expect(clock.isPending(id) == false)
        #expect(clock.pendingTimers.isEmpty)
        await #expect(throws: CancellationError.self) { try await clock.sleep(for: .milliseconds(10)) }
    }

    @Test("a sleep and a ticks iteration in progress end when the clock shuts down", arguments: ClockKind.realClocks)
    func inProgress(kind: ClockKind) async throws {
        let harness = try ClockHarness(kind)
        let clock = harness.clock
        let ticks = try clock.ticks(every: .seconds(3_600))
        let slept = Task { try await clock.sleep(for: .seconds(3_600)) }
        let ended = Task {
            var iterator = ticks.makeAsyncIterator()
            return await iterator.next()
        }
        // Both have their timers on the clock before it shuts down.
        let end = ContinuousClock.now + .seconds(10)
        while clock.pendingTimers.count < 2 && ContinuousClock.now < end { await Task.yield() }
        #expect(clock.pendingTimers.count == 2)
        harness.shutdown()
        await #expect(throws: CancellationError.self) { try await slept.value }
        #expect(await ended.value == nil)
    }

    @Test(
        "a ScaledClock shuts down with its base: a sleep on it ends, its timers end cancelled",
        arguments: ClockKind.realClocks)
    func scaledFollowsBase(kind: ClockKind) async throws {
        let harness = try ClockHarness(kind)
        let base = harness.clock
        let scaled = try ScaledClock(base: base, scale: 0.5)
        let pending = try scaled.oneShot(after: .seconds(3_600)) { _ in Issue.record("ran after the shutdown") }
        let slept = Task { try await scaled.sleep(for: .seconds(3_600)) }
        let end = ContinuousClock.now + .seconds(10)
        while scaled.pendingTimers.count < 2 && ContinuousClock.now < end { await Task.yield() }
        harness.shutdown()
        await #expect(throws: CancellationError.self) { try await slept.value }
        #expect(pending.state == .cancelled)
        let later = try scaled.oneShot(after: .milliseconds(1)) { _ in Issue.record("ran after the shutdown") }
        #expect(later.state == .cancelled)
        await #expect(throws: CancellationError.self) { try await scaled.sleep(for: .milliseconds(1)) }
        #expect(scaled.pendingTimers.isEmpty)
    }

    @Test(
        "a callback that shuts the clock (or a ScaledClock's base) down: the timers due with it never start",
        arguments: ClockKind.realClocks, [false, true])
    func shutDownFromCallback(kind: ClockKind, scaled: Bool) throws {
        let harness = try ClockHarness(kind)
        let base = harness.clock
        let clock: any TimerClock = scaled ? try ScaledClock(base: base, scale: 0.5) : base
        let ran = Recorder<String>()
        let done = DispatchSemaphore(value: 0)
        let deadline = clock.now + .milliseconds(40)
        try clock.schedule(at: deadline) { _ in
            ran.append("a")
            harness.shutdown()
            done.signal()
        }
        try clock.schedule(at: deadline) { _ in ran.append("b") }
        try clock.schedule(at: deadline + .milliseconds(1)) { _ in ran.append("c") }
        done.wait()
        harness.waitForShutdown()
        #expect(ran.values == ["a"])
        #expect(clock.pendingTimers.isEmpty)
    }
}
