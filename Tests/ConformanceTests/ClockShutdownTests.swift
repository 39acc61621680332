import Dispatch
import Foundation
import Hourglass
import HourglassDispatch
import Testing

#if canImport(HourglassLibevent)
import HourglassLibevent
#endif

/// A real clock that shuts down (`DispatchClock.shutdown()`, `LibeventClock.stop()`) does so
/// for good and at once: no callback starts after it, not even one already due; a timer added
/// afterwards ends cancelled rather than waiting for ever; a task sleeping or iterating ticks
/// on it ends rather than hanging.
@Suite("Real clocks shut down for good", .serialized)
struct ClockShutdownTests {
    /// A clock of each kind, running, with a way to shut it down.
    static let kinds: [String] = {
        #if canImport(HourglassLibevent)
        ["dispatch", "libevent"]
        #else
        ["dispatch"]
        #endif
    }()

    static func running(_ kind: String) throws -> (clock: any TimerClock, shutDown: @Sendable () -> Void) {
        #if canImport(HourglassLibevent)
        if kind == "libevent" {
            let clock = try LibeventClock()
            try clock.start()
            return (clock, { clock.stop() })
        }
        #endif
        let clock = DispatchClock(queue: DispatchQueue(label: "shutdown-test"))
        return (clock, { clock.shutdown() })
    }

    @Test("a timer added after the shutdown ends cancelled; sleep throws at once", arguments: kinds)
    func afterShutdown(kind: String) async throws {
        let (clock, shutDown) = try Self.running(kind)
        shutDown()
        let handle = try clock.oneShot(after: .milliseconds(5)) { _ in Issue.record("ran after the shutdown") }
        let id = try clock.schedule(after: .milliseconds(5)) { _ in Issue.record("ran after the shutdown") }
        #expect(handle.state == .cancelled)
        #expect(clock.isPending(id) == false)
        #expect(clock.pendingTimers.isEmpty)
        await #expect(throws: CancellationError.self) { try await clock.sleep(for: .milliseconds(10)) }
    }

    @Test("a sleep and a ticks iteration in progress end when the clock shuts down", arguments: kinds)
    func inProgress(kind: String) async throws {
        let (clock, shutDown) = try Self.running(kind)
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
        shutDown()
        await #expect(throws: CancellationError.self) { try await slept.value }
        #expect(await ended.value == nil)
    }

    @Test("a ScaledClock shuts down with its base: a sleep on it ends, its timers end cancelled", arguments: kinds)
    func scaledFollowsBase(kind: String) async throws {
        let (base, shutDown) = try Self.running(kind)
        let scaled = try ScaledClock(base: base, scale: 0.5)
        let pending = try scaled.oneShot(after: .seconds(3_600)) { _ in Issue.record("ran after the shutdown") }
        let slept = Task { try await scaled.sleep(for: .seconds(3_600)) }
        let end = ContinuousClock.now + .seconds(10)
        while scaled.pendingTimers.count < 2 && ContinuousClock.now < end { await Task.yield() }
        shutDown()
        await #expect(throws: CancellationError.self) { try await slept.value }
        #expect(pending.state == .cancelled)
        let later = try scaled.oneShot(after: .milliseconds(1)) { _ in Issue.record("ran after the shutdown") }
        #expect(later.state == .cancelled)
        await #expect(throws: CancellationError.self) { try await scaled.sleep(for: .milliseconds(1)) }
        #expect(scaled.pendingTimers.isEmpty)
    }

    @Test(
        "a callback that shuts the clock (or a ScaledClock's base) down: the timers due with it never start",
        arguments: kinds, [false, true])
    func shutDownFromCallback(kind: String, scaled: Bool) throws {
        let (base, shutDown) = try Self.running(kind)
        let clock: any TimerClock = scaled ? try ScaledClock(base: base, scale: 0.5) : base
        let ran = Recorder<String>()
        let done = DispatchSemaphore(value: 0)
        let deadline = clock.now + .milliseconds(40)
        try clock.schedule(at: deadline) { _ in
            ran.append("a")
            shutDown()
            done.signal()
        }
        try clock.schedule(at: deadline) { _ in ran.append("b") }
        try clock.schedule(at: deadline + .milliseconds(1)) { _ in ran.append("c") }
        done.wait()
        // The run of due timers that "a" was in has ended: the clock's context is idle again.
        if let dispatch = base as? DispatchClock { dispatch.queue.sync {} }
        #if canImport(HourglassLibevent)
        if let libevent = base as? LibeventClock { libevent.stop() }
        #endif
        #expect(ran.values == ["a"])
        #expect(clock.pendingTimers.isEmpty)
    }
}
