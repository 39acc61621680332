import Hourglass
import TestSupport
import Testing

@Suite("VirtualClock")
struct VirtualClockTests {
    @Test("runUntilIdle runs everything due and reports idle")
    func runUntilIdle() throws {
        let clock = VirtualClock()
        let order = Recorder<TimerInstant>()
        try clock.schedule(after: .seconds(30)) { order.append($0.scheduled) }
        let countdown = try clock.countdown(for: .seconds(3), onTick: { order.append($0.scheduled) }, onFinish: {})
        let result = clock.runUntilIdle()
        #expect(result == .idle(fired: 4))
        #expect(order.values == [.seconds(1), .seconds(2), .seconds(3), .seconds(30)])
        #expect(clock.now == .seconds(30))
        #expect(countdown.state == .finished)
        expectNothingPending(clock)
    }

    @Test("runUntilIdle with a repeating timer returns its report instead of hanging")
    func runUntilIdleGuard() throws {
        let clock = VirtualClock()
        let ticker = try clock.repeating(every: .seconds(1)) { _ in }
        let result = clock.runUntilIdle(maxFires: 100)
        let pending = [PendingTimer(id: ticker.id, kind: .repeating, state: .running, deadline: .seconds(101))]
        #expect(result == .stoppedAtFireLimit(fired: 100, pending: pending))
        #expect(
            result.description
                == "stopped after 100 fires with 1 timer(s) still scheduled (repeating running due 101s): "
                + "a repeating timer never lets the clock go idle; cancel it, or use advance(by:) instead")
        #expect(clock.now == .seconds(100))
        ticker.cancel()
        #expect(clock.runUntilIdle() == .idle(fired: 0))
        expectNothingPending(clock)
    }

    @Test("runUntilIdle stops a callback that keeps scheduling at the same instant")
    func runUntilIdleSameInstantLoop() throws {
        let clock = VirtualClock()
        @Sendable func again() { _ = try? clock.schedule(after: .zero) { _ in again() } }
        again()
        let result = clock.runUntilIdle(maxFires: 50)
        #expect(result.fired == 50)
        #expect(clock.now == .zero)
        #expect(clock.pendingTimers.count == 1)
        // The loop's callback holds the clock: cancel it, or the two keep each other alive.
        clock.timerQueue.cancelAll()
        expectNothingPending(clock)
    }

    @Test("paused and idle timers do not keep the clock busy")
    func pausedDoNotCount() throws {
        let clock = VirtualClock()
        let idle = try clock.oneShot(after: .seconds(1), startsRunning: false) { _ in }
        let paused = try clock.repeating(every: .seconds(1)) { _ in }
        paused.pause()
        #expect(clock.runUntilIdle() == .idle(fired: 0))
        #expect(clock.pendingTimers.map(\.state) == [.idle, .paused])
        idle.cancel()
        paused.cancel()
        expectNothingPending(clock)
    }

    @Test("suspend runs nothing meanwhile, then each due timer once, late")
    func suspendCoalesces() throws {
        let clock = VirtualClock()
        let fires = Recorder<TimerFire>()
        let oneShot = try clock.oneShot(after: .seconds(2)) { fires.append($0) }
        let repeating = try clock.repeating(every: .milliseconds(100)) { fires.append($0) }
        let ran = clock.suspend(for: .seconds(3))
        #expect(ran == 2)
        // Due first (at 0.1 s), the repeating timer runs first: once, for its latest tick.
        #expect(
            fires.values == [
                TimerFire(scheduled: .seconds(3), now: .seconds(3), index: 29, missedTicks: 29, isManual: false),
                TimerFire(scheduled: .seconds(2), now: .seconds(3), index: 0, missedTicks: 0, isManual: false),
            ])
        #expect(oneShot.state == .finished)
        repeating.cancel()
        expectNothingPending(clock)
    }
}

@Suite("TimerInstant")
struct TimerInstantTests {
    @Test("arithmetic with durations saturates instead of overflowing")
    func arithmetic() {
        let instant = TimerInstant.seconds(5)
        #expect(instant + .milliseconds(250) == .milliseconds(5_250))
        #expect(instant - .seconds(6) == TimerInstant(nanoseconds: -1_000_000_000))
        #expect(TimerInstant.seconds(7) - instant == .seconds(2))
        #expect(TimerInstant(nanoseconds: .max - 1) + .seconds(10) == TimerInstant(nanoseconds: .max))
        #expect(instant.sinceOrigin == .seconds(5))
        #expect(TimerInstant.afterOrigin(.seconds(3)) == .seconds(3))
    }

    @Test("description shows seconds with milliseconds")
    func description() {
        #expect(TimerInstant.seconds(12).description == "12s")
        #expect(TimerInstant.milliseconds(12_045).description == "12.045s")
        #expect(TimerInstant(nanoseconds: -1_500_000_000).description == "-1.500s")
    }

    @Test("the host clock is monotonic")
    func monotonic() {
        let first = MonotonicTime.now()
        let second = MonotonicTime.now()
        #expect(second >= first)
        #expect(first > .zero)
    }
}

@Suite("ScaledClock and logicalNow")
struct ScaledClockTests {
    @Test("a clock at 0.01 runs a 60 s countdown in 0.6 s of its base, with exact instants of its own")
    func scaledCountdown() throws {
        let base = VirtualClock()
        let clock = try ScaledClock(base: base, scale: 0.01)
        let ticks = Recorder<String>()
        let countdown = try clock.countdown(
            for: .seconds(60),
            onTick: { tick in
                ticks.append("\(tick.remainingSeconds)@\(tick.scheduled)")
            }, onFinish: { ticks.append("finish@\(clock.now)") })
        base.advance(by: .milliseconds(10))
        #expect(ticks.values == ["59@1s"])
        base.advance(by: .milliseconds(590))
        #expect(ticks.values.count == 61)
        #expect(ticks.values.suffix(2) == ["0@60s", "finish@60s"])
        #expect(countdown.state == .finished)
        expectNothingPending(clock)
        expectNothingPending(base)
    }

    @Test("a time scale out of range is refused with what to pass", arguments: [0, -1, .nan, .infinity, 20_000])
    func badScale(scale: Double) {
        do {
            _ = try ScaledClock(base: VirtualClock(), scale: scale)
            Issue.record("scale \(scale) was accepted")
        } catch {
            guard case .invalidTimeScale(let refused) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(refused.bitPattern == scale.bitPattern)
            #expect(
                error.description
                    == "time scale must be a finite number from 0.0001 to 10000, got \(scale); 0.01 runs a minute in 0.6 s"
            )
        }
    }

    @Test("a timer created inside a late callback counts from that callback's scheduled instant")
    func createdInLateCallback() throws {
        let clock = VirtualClock()
        let seen = Recorder<TimerInstant>()
        try clock.schedule(after: .seconds(1)) { _ in
            _ = try? clock.schedule(after: .seconds(2)) { fire in seen.append(fire.scheduled) }
        }
        // Suspended until 1.5 s: the first callback runs late, scheduled for 1 s.
        clock.suspend(for: .milliseconds(1_500))
        clock.advance(by: .seconds(2))
        #expect(seen.values == [.seconds(3)])
        expectNothingPending(clock)
    }

    @Test("logicalNow is the callback's scheduled instant inside it, and now elsewhere")
    func logicalNow() throws {
        let clock = VirtualClock()
        let seen = Recorder<TimerInstant>()
        try clock.schedule(after: .seconds(2)) { _ in seen.append(clock.logicalNow) }
        let repeating = try clock.repeating(every: .seconds(1), policy: .skip) { _ in seen.append(clock.logicalNow) }
        clock.advance(by: .seconds(1))
        clock.suspend(for: .milliseconds(2_500))
        #expect(seen.values == [.seconds(1), .seconds(2), .seconds(3)])
        #expect(clock.logicalNow == .milliseconds(3_500))
        repeating.cancel()
        try clock.schedule(at: .seconds(5)) { fire in seen.append(fire.scheduled) }
        // Already past: it runs at the next advance, stamped with its own instant.
        try clock.schedule(at: .seconds(1)) { _ in seen.append(clock.logicalNow) }
        clock.advance(by: .zero)
        #expect(seen.values.suffix(1) == [.seconds(1)])
        clock.advance(by: .seconds(2))
        #expect(seen.values.suffix(2) == [.seconds(1), .seconds(5)])
        expectNothingPending(clock)
    }
}

@Suite("ScaledClock at the edges")
struct ScaledClockEdgeTests {
    @Test("a far-future timer and a tiny scale after days of base time do not trap")
    func extremes() throws {
        let base = VirtualClock()
        let clock = try ScaledClock(base: base, scale: 0.01)
        let far = try clock.oneShot(after: .seconds(9_000_000_000)) { _ in }
        #expect(far.state == .running)
        far.cancel()
        let slow = try ScaledClock(base: base, scale: 0.000_1)
        base.advance(by: .seconds(11 * 86_400))
        #expect(slow.now == TimerInstant(nanoseconds: .max))
        expectNothingPending(clock)
    }

    @Test(
        "a timer past 2^53 ns (104 days) fires once, at its exact instant, and the base's advance returns",
        arguments: [1, 0.5, 0.01, 3, 0.000_1, 100])
    func farTimerFires(scale: Double) throws {
        let base = VirtualClock()
        let clock = try ScaledClock(base: base, scale: scale)
        let deadline = TimerInstant(nanoseconds: 105 * 86_400 * 1_000_000_000 + 1)
        let fired = Recorder<(scheduled: TimerInstant, now: TimerInstant)>()
        try clock.schedule(at: deadline) { fire in fired.append((fire.scheduled, clock.now)) }
        // 106 days of scaled time in base time, rounded up to whole seconds.
        base.advance(by: .seconds((106 * 86_400 * scale).rounded(.up)))
        #expect(fired.values.map(\.scheduled) == [deadline])
        // At the first base nanosecond at which the scaled clock has reached it: its time then
        // is at most one base nanosecond (1 / scale of its own) past the deadline.
        let late = try #require(fired.values.first).now.nanoseconds - deadline.nanoseconds
        #expect(late >= 0 && Double(late) < max(1, 1 / scale))
        expectNothingPending(clock)
        expectNothingPending(base)
    }

    @Test("a timer at the end of the range fires when the base gets there; one the base never reaches waits")
    func endOfRange() throws {
        let base = VirtualClock()
        let slow = try ScaledClock(base: base, scale: 1)
        let fast = try ScaledClock(base: base, scale: 10_000)
        let atEnd = try slow.oneShot(after: .nanoseconds(Int64.max)) { _ in }
        let unreachable = try fast.oneShot(after: .seconds(1_000_000)) { _ in }
        base.advance(to: TimerInstant(nanoseconds: .max))
        #expect(atEnd.state == .finished)
        #expect(unreachable.state == .running)
        #expect(fast.now == TimerInstant(nanoseconds: Int64.max / 10_000))
        unreachable.cancel()
        expectNothingPending(base)
    }

    @Test("past its one-by-one limit an advance crosses the rest of its span as a suspension")
    func advanceLimit() throws {
        let clock = VirtualClock(callbacksOneByOne: 10)
        let fires = Recorder<TimerFire>()
        let ticks = Recorder<Int64>()
        let ticker = try clock.repeating(every: .seconds(1)) { fires.append($0) }
        let countdown = try clock.countdown(
            for: .seconds(60), onTick: { ticks.append($0.remainingSeconds) }, onFinish: {})
        #expect(clock.advance(by: .seconds(100)) == 12)
        // Ten callbacks one by one at their instants (five ticks each, interleaved), then each
        // timer once at 100 s: the ticker counting what it missed, the countdown finished.
        #expect(fires.values.map(\.scheduled) == (1...5).map { .seconds($0) } + [.seconds(100)])
        #expect(fires.values.map(\.missedTicks) == [0, 0, 0, 0, 0, 94])
        #expect(ticks.values == [59, 58, 57, 56, 55, 0])
        #expect(countdown.state == .finished)
        #expect(clock.now == .seconds(100))
        #expect(clock.pendingTimers.map(\.deadline) == [.seconds(101)])
        ticker.cancel()
        expectNothingPending(clock)
    }

    @Test("an advance over a century of 1 s ticks ends after a million callbacks and one more")
    func advanceOverACentury() throws {
        let clock = VirtualClock()
        let count = Box<Int64>(0)
        let last = Box<TimerFire?>(nil)
        let ticker = try clock.repeating(every: .seconds(1)) { fire in
            count.value += 1
            last.value = fire
        }
        let century: Int64 = 3_155_760_000
        #expect(clock.advance(by: .seconds(century)) == VirtualClock.callbacksPerMove + 1)
        #expect(count.value == Int64(VirtualClock.callbacksPerMove) + 1)
        #expect(last.value?.scheduled == .seconds(century))
        #expect(last.value?.missedTicks == century - Int64(VirtualClock.callbacksPerMove) - 1)
        ticker.cancel()
        expectNothingPending(clock)
    }

    @Test("a burst timer past the limit delivers its missed ticks over the clock's next moves")
    func burstPastTheLimit() throws {
        let clock = VirtualClock(callbacksOneByOne: 10)
        let fires = Recorder<TimerInstant>()
        let ticker = try clock.repeating(every: .seconds(1), policy: .burst) { fires.append($0.scheduled) }
        #expect(clock.advance(by: .seconds(100)) == 20)
        #expect(fires.values == (1...20).map { .seconds($0) })
        #expect(clock.suspend(for: .zero) == 10)
        // An advance runs ten one by one and ten more crossing: still at 100 s.
        #expect(clock.advance(by: .zero) == 20)
        #expect(fires.values == (1...50).map { .seconds($0) })
        #expect(clock.now == .seconds(100))
        #expect(clock.pendingTimers.map(\.deadline) == [.seconds(51)])
        ticker.cancel()
        expectNothingPending(clock)
    }

    @Test("the queue measures how late its callbacks start, but not before a floor set after a deliberate block")
    func lateness() throws {
        let base = VirtualClock()
        let scaled = try ScaledClock(base: base, scale: 1)
        let fired = Recorder<TimerFire>()
        try scaled.schedule(after: .seconds(1)) { fired.append($0) }
        try scaled.schedule(after: .seconds(5)) { fired.append($0) }
        base.advance(by: .seconds(1))
        #expect(scaled.timerQueue.maxLateness == .zero)
        base.suspend(for: .seconds(5))
        #expect(fired.values.map(\.lateness) == [.zero, .seconds(1)])
        #expect(scaled.timerQueue.maxLateness == .seconds(1))
        // Due at 7 s, run at 9 s: late, but only from the floor on, which is 9 s.
        try scaled.schedule(after: .seconds(1)) { fired.append($0) }
        scaled.timerQueue.measureLateness(from: .seconds(9))
        base.suspend(for: .seconds(3))
        #expect(fired.values.last?.lateness == .seconds(2))
        #expect(scaled.timerQueue.maxLateness == .seconds(1))
        // After the floor, lateness counts again.
        try scaled.schedule(after: .seconds(1)) { fired.append($0) }
        base.suspend(for: .seconds(4))
        #expect(scaled.timerQueue.maxLateness == .seconds(3))
        expectNothingPending(scaled)
        expectNothingPending(base)
    }
}

@Suite("A huge advance counts what it crossed")
struct HugeAdvanceTests {
    /// 1 s ticks at 1 s, 2 s, …: the last one the range holds is tick 9 223 372 035, at
    /// 9 223 372 036 s; the next would be past `Int64.max` nanoseconds.
    private static let lastTick: Int64 = Int64.max / 1_000_000_000 - 1

    @Test("an advance to the end of the range: ten ticks one by one, then one counting all it crossed, then none")
    func advanceToTheEnd() throws {
        let clock = VirtualClock(callbacksOneByOne: 10)
        let fires = Recorder<TimerFire>()
        let ticker = try clock.repeating(every: .seconds(1)) { fires.append($0) }
        clock.advance(to: TimerInstant(nanoseconds: .max))
        #expect(fires.values.count == 11)
        #expect(
            fires.values.last
                == TimerFire(
                    scheduled: .seconds(Self.lastTick + 1), now: TimerInstant(nanoseconds: .max), index: Self.lastTick,
                    missedTicks: Self.lastTick - 10, isManual: false))
        // Still running, with no tick the range can hold.
        #expect(ticker.state == .running)
        #expect(clock.pendingTimers.map(\.deadline) == [nil])
        ticker.cancel()
    }

    @Test("a suspension to the end of the range runs the ticker once, counting every tick it crossed")
    func suspendToTheEnd() throws {
        let clock = VirtualClock()
        let fires = Recorder<TimerFire>()
        let ticker = try clock.repeating(every: .seconds(1)) { fires.append($0) }
        clock.suspend(for: .seconds(Int64.max))
        #expect(fires.values.map(\.missedTicks) == [Self.lastTick])
        #expect(fires.values.map(\.index) == [Self.lastTick])
        ticker.cancel()
    }
}
