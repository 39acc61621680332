import Clocks
import Dispatch
import Hourglass
import TestSupport
import Testing

/// `AdaptedClock` over clocks that are not Hourglass's own. On `ContinuousClock` it runs the
/// whole conformance suite (`ClockKind.continuous`); here, the rules that hold on swift-clocks'
/// `TestClock` and `ImmediateClock` and on `SuspendingClock`.
@Suite("AdaptedClock on swift-clocks and on SuspendingClock")
struct ForeignClockTests {
    @Test("TestClock: deadline order, first-in first-out ties, each at its instant, after one advance")
    func testClockOrder() async throws {
        let base = TestClock()
        let clock = AdaptedClock(base)
        let order = Recorder<String>()
        let record: @Sendable (String) -> @Sendable (TimerFire) -> Void = { name in
            { fire in
                order.append(
                    "\(name)@\(fire.scheduled.nanoseconds / 1_000_000)ms now \(fire.now.nanoseconds / 1_000_000)")
            }
        }
        try clock.schedule(after: .milliseconds(30), record("last"))
        for name in ["a", "b", "c"] { try clock.schedule(after: .milliseconds(20), record(name)) }
        try clock.schedule(after: .milliseconds(10), record("first"))
        await base.advance(by: .milliseconds(100))
        #expect(
            order.values == [
                "first@10ms now 10", "a@20ms now 20", "b@20ms now 20", "c@20ms now 20", "last@30ms now 30",
            ])
        #expect(clock.pendingTimers.isEmpty)
    }

    @Test("an existential clock, as swift-dependencies injects it, is adapted: its timers run as TestClock moves")
    func existentialBase() async throws {
        let test = TestClock()
        let injected: any Clock<Duration> = test
        let clock = AdaptedClock(injected)
        let fired = Recorder<Int64>()
        try clock.schedule(after: .seconds(2)) { fired.append($0.scheduled.nanoseconds / 1_000_000_000) }
        try clock.schedule(after: .seconds(1)) { fired.append($0.scheduled.nanoseconds / 1_000_000_000) }
        await test.advance(by: .seconds(1))
        #expect(fired.values == [1])
        await test.advance(by: .seconds(5))
        #expect(fired.values == [1, 2])
        #expect(clock.pendingTimers.isEmpty)
    }

    @Test("TestClock: a countdown ticks on each whole second read from its deadline, then finishes once")
    func testClockCountdown() async throws {
        let base = TestClock()
        let clock = AdaptedClock(base)
        let shown = Recorder<String>()
        let countdown = try clock.countdown(for: .seconds(3)) { tick in
            shown.append("\(tick.remainingSeconds)")
        } onFinish: {
            shown.append("done")
        }
        await base.advance(by: .seconds(1))
        #expect(shown.values == ["2"])
        await base.advance(by: .seconds(5))
        #expect(shown.values == ["2", "1", "0", "done"])
        #expect(countdown.state == .finished)
        #expect(clock.pendingTimers.isEmpty)
    }

    @Test("TestClock: a task's sleep on the adapted clock ends when the test clock passes it")
    func testClockSleep() async throws {
        let base = TestClock()
        let clock = AdaptedClock(base)
        let slept = Task { try await clock.sleep(for: .seconds(5)) }
        // A plain task reaches its sleep when the pool runs it: TestClock's own rule, made sure
        // of here rather than left to its yields (a busy machine ran it after the advance).
        #expect(await eventually { clock.pendingTimers.count == 1 })
        await base.advance(by: .seconds(4))
        #expect(clock.pendingTimers.count == 1)
        await base.advance(by: .seconds(1))
        #expect(await eventually { clock.pendingTimers.isEmpty })
        try await slept.value
        #expect(clock.now == TimerInstant(nanoseconds: 5_000_000_000))
        #expect(clock.pendingTimers.isEmpty)
    }

    @Test("ImmediateClock: a countdown runs to its finish at once, each tick at its instant")
    func immediateClock() async throws {
        let clock = AdaptedClock(ImmediateClock())
        let shown = Recorder<String>()
        let done = AsyncStream<Void>.makeStream()
        let countdown = try clock.countdown(for: .seconds(3)) { tick in
            shown.append("\(tick.remainingSeconds) at \(tick.scheduled.nanoseconds / 1_000_000_000)")
        } onFinish: {
            done.continuation.finish()
        }
        for await _ in done.stream {}
        #expect(shown.values == ["2 at 1", "1 at 2", "0 at 3"])
        #expect(countdown.state == .finished)
        #expect(clock.now == TimerInstant(nanoseconds: 3_000_000_000))
        #expect(clock.pendingTimers.isEmpty)
    }

    @Test("SuspendingClock: a one-shot runs once its delay has passed, never before")
    func suspendingClock() async throws {
        let clock = AdaptedClock(SuspendingClock())
        let fired = AsyncStream<TimerFire>.makeStream()
        let start = clock.now
        try clock.schedule(after: .milliseconds(20)) { fire in
            fired.continuation.yield(fire)
            fired.continuation.finish()
        }
        var fires: [TimerFire] = []
        for await fire in fired.stream { fires.append(fire) }
        #expect(fires.count == 1)
        #expect(fires.first.map { $0.now >= start + .milliseconds(20) } == true)
        #expect(clock.pendingTimers.isEmpty)
    }
}
