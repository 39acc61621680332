import Hourglass
import TestSupport
import Testing

/// Every public entry point of the core, driven with values at and around ±Int64.max
/// nanoseconds, zero, and the clock's own extremes: nothing traps, every refusal is a
/// ``TimerError``, time never goes backwards, no callback runs before it is due, and a
/// countdown never shows a negative time left. Random programs over a seeded generator; a
/// failure names its seed.
@Suite("Extreme instants and durations: saturate or throw, never trap")
struct ExtremeValueTests {
    /// Nanosecond values at and around the edges of the range.
    static let edges: [Int64] = [
        .min, .min + 1, .min / 2, -1_000_000_000, -1, 0, 1, 999_999_999, 1_000_000_000,
        1 << 60, 1 << 61, 1 << 62, .max / 2, .max - 1_000_000_000, .max - 1, .max,
    ]

    /// Durations at and beyond the representable nanosecond range.
    static let durations: [Duration] =
        edges.map { .nanoseconds($0) } + [
            .seconds(Int64.max), .seconds(Int64.min), .seconds(Int64.max) + .seconds(Int64.max),
            .zero - .seconds(Int64.max) - .seconds(Int64.max), .nanoseconds(Int64.max) + .nanoseconds(1),
        ]

    /// Callbacks allowed per program; past it, every timer is cancelled (a 1 ns repeating
    /// timer crossing 2^63 ns would otherwise tick for ever — correctly, but too long).
    static let fireBudget = 2_000

    @Test("500 random programs over every entry point", arguments: 0..<5)
    func randomPrograms(batch: Int) throws {
        for seed in UInt64(batch * 100 + 1)...UInt64(batch * 100 + 100) {
            try Self.run(seed: seed)
        }
    }

    @Test(
        "a long suspension over a repeating timer saturates instead of trapping",
        arguments: [
            MissedTickPolicy.skip, .burst, .delay,
        ])
    func longSuspension(policy: MissedTickPolicy) throws {
        let clock = VirtualClock()
        let fires = Recorder<TimerFire>()
        let timer = try clock.repeating(every: .seconds(3_600), policy: policy) { fires.append($0) }
        clock.advance(by: .seconds(3_600))
        if policy == .burst {
            // A burst would deliver every missed hour; cancel it from inside after the first.
            let stopper = try clock.repeating(every: .seconds(3_600), startingAfter: .seconds(3_600)) { _ in
                timer.cancel()
            }
            clock.suspend(for: .nanoseconds(Int64.max))
            stopper.cancel()
        } else {
            clock.suspend(for: .nanoseconds(Int64.max))
        }
        #expect(clock.now == TimerInstant(nanoseconds: .max))
        let last = try #require(fires.values.last)
        #expect(last.now == TimerInstant(nanoseconds: .max))
        #expect(last.scheduled <= last.now)
        // At the end of time nothing more can fall due.
        clock.advance(by: .seconds(1))
        #expect(clock.runUntilIdle() == .idle(fired: 0))
        timer.cancel()
    }

    @Test("a countdown to an instant far in the past finishes at once, showing zero")
    func countdownFarPast() throws {
        let clock = VirtualClock()
        clock.advance(by: .seconds(5))
        for deadline: Int64 in [.min, .min + 1, -(1 << 62)] {
            let ticks = Recorder<CountdownTick>()
            let finished = Recorder<Bool>()
            let handle = try clock.countdown(
                until: TimerInstant(nanoseconds: deadline), onTick: { ticks.append($0) },
                onFinish: { finished.append(true) })
            handle.pause()
            handle.resume()
            handle.fire()
            clock.advance(by: .zero)
            // The tick at 0 (due long ago) ends it; the manual fire queued after it finds it finished.
            #expect(ticks.values.map(\.remaining) == [.zero])
            #expect(finished.values == [true])
            handle.cancel()
        }
    }

    @Test("a countdown to the last instant, paused and fired, shows the time left saturated")
    func countdownFarFuture() throws {
        let clock = VirtualClock()
        let ticks = Recorder<CountdownTick>()
        let handle = try clock.countdown(
            until: TimerInstant(nanoseconds: .max), tick: .nanoseconds(3),
            onTick: {
                ticks.append($0)
            }, onFinish: {})
        handle.fire()
        clock.advance(by: .zero)
        #expect(ticks.values.map(\.remaining) == [.nanoseconds(Int64.max)])
        handle.pause()
        handle.fire()
        clock.advance(by: .zero)
        #expect(ticks.values.count == 2)
        #expect(ticks.values.allSatisfy { $0.remaining >= .zero })
        handle.cancel()
    }

    @Test("instant arithmetic saturates in both directions")
    func instantArithmetic() {
        let top = TimerInstant(nanoseconds: .max)
        let bottom = TimerInstant(nanoseconds: .min)
        #expect(top + .seconds(1) == top)
        #expect(bottom - .seconds(1) == bottom)
        #expect(top - bottom == .nanoseconds(Int64.max))
        #expect(bottom - top == .nanoseconds(Int64.min))
        #expect(TimerInstant.zero.duration(to: bottom) == .nanoseconds(Int64.min))
        #expect(bottom.duration(to: .zero) == .nanoseconds(Int64.max))
        #expect(TimerInstant.zero + (.seconds(Int64.max) + .seconds(Int64.max)) == top)
        #expect(TimerInstant.zero - (.seconds(Int64.max) + .seconds(Int64.max)) == bottom)
        #expect(TimerInstant.afterOrigin(.zero - .seconds(Int64.max) - .seconds(Int64.max)) == bottom)
    }

    @Test("sleep with extreme deadlines and tolerances returns or waits, never traps")
    func sleepExtremes() async throws {
        let clock = VirtualClock()
        let cases: [(TimerInstant, Duration?)] = [
            (TimerInstant(nanoseconds: .min), nil), (.zero, .seconds(Int64.max) + .seconds(Int64.max)),
            (TimerInstant(nanoseconds: .max), .seconds(Int64.max)),
            (TimerInstant(nanoseconds: .max), .zero - .seconds(1)),
        ]
        for (deadline, tolerance) in cases {
            let done = Locked(false)
            let task = Task {
                try await clock.sleep(until: deadline, tolerance: tolerance)
                done.withLock { $0 = true }
            }
            // The sleep arms a one-shot (due now for a past deadline), which an advance runs.
            while clock.pendingTimers.isEmpty && !done.withLock({ $0 }) { await Task.yield() }
            clock.advance(to: deadline)
            try await task.value
            #expect(clock.now == max(.zero, deadline))
        }
        #expect(clock.pendingTimers == [])
    }

    // MARK: The random programs

    /// One random program of 30 operations on a fresh clock; checks the invariants as it goes.
    static func run(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let clock = VirtualClock()
        let log = Recorder<String>()
        let fired = Locked(0)
        var handles: [TimerHandle] = []
        var ids: [TimerID] = []
        let budget: @Sendable () -> Void = {
            if fired.withLock({
                $0 += 1
                return $0
            }) >= fireBudget {
                clock.timerQueue.cancelAll()
            }
        }
        let check: @Sendable (TimerInstant, TimerInstant, Bool) -> Void = { scheduled, now, isManual in
            budget()
            if !isManual && scheduled > now { log.append("seed \(seed): fired at \(now) for \(scheduled)") }
        }
        func edge() -> Int64 { edges.randomElement(using: &random)! }
        func duration() -> Duration { durations.randomElement(using: &random)! }
        func instant() -> TimerInstant {
            Bool.random(using: &random) ? TimerInstant(nanoseconds: edge()) : clock.now + duration()
        }
        func refused(_ body: () throws(TimerError) -> Void) {
            do { try body() } catch {
                // Every refusal is a TimerError with a message that names what to pass.
                if error.description.isEmpty { log.append("seed \(seed): empty message for \(error)") }
            }
        }
        for _ in 0..<30 {
            let before = clock.now
            let running = Bool.random(using: &random)
            switch Int.random(in: 0..<17, using: &random) {
            case 0:
                refused { () throws(TimerError) in
                    handles.append(
                        try clock.oneShot(after: duration(), leeway: duration(), startsRunning: running) {
                            check($0.scheduled, $0.now, $0.isManual)
                        })
                }
            case 1:
                refused { () throws(TimerError) in
                    ids.append(
                        try clock.schedule(after: duration(), leeway: duration()) {
                            check($0.scheduled, $0.now, $0.isManual)
                        })
                }
            case 2:
                refused { () throws(TimerError) in
                    ids.append(
                        try clock.schedule(at: instant(), leeway: duration()) {
                            check($0.scheduled, $0.now, $0.isManual)
                        })
                }
            case 3:
                let policy = [MissedTickPolicy.skip, .burst, .delay].randomElement(using: &random)!
                refused { () throws(TimerError) in
                    handles.append(
                        try clock.repeating(
                            every: duration(), startingAfter: Bool.random(using: &random) ? duration() : nil,
                            leeway: duration(),
                            policy: policy, startsRunning: running
                        ) { check($0.scheduled, $0.now, $0.isManual) })
                }
            case 4:
                refused { () throws(TimerError) in
                    handles.append(
                        try clock.countdown(
                            for: duration(), tick: duration(), startsRunning: running,
                            onTick: {
                                check($0.scheduled, $0.now, $0.isManual)
                                if $0.remaining < .zero {
                                    log.append("seed \(seed): negative time left \($0.remaining)")
                                }
                            }, onFinish: {}))
                }
            case 5:
                refused { () throws(TimerError) in
                    handles.append(
                        try clock.countdown(
                            until: instant(), tick: duration(), startsRunning: running,
                            onTick: {
                                check($0.scheduled, $0.now, $0.isManual)
                                if $0.remaining < .zero {
                                    log.append("seed \(seed): negative time left \($0.remaining)")
                                }
                            }, onFinish: {}))
                }
            case 6:
                let rate = [Int.min, -1, 0, 1, 60, 1_000, 1_001, Int.max].randomElement(using: &random)!
                refused { () throws(TimerError) in
                    handles.append(
                        try clock.frameTicker(framesPerSecond: rate, startsRunning: running) {
                            check($0.scheduled, $0.now, false)
                        })
                }
            case 7: clock.advance(by: duration())
            case 8: clock.advance(to: instant())
            case 9: clock.suspend(for: duration())
            case 10: handles.randomElement(using: &random)?.pause()
            case 11: handles.randomElement(using: &random)?.resume()
            case 12: handles.randomElement(using: &random)?.fire()
            case 13: handles.randomElement(using: &random)?.start()
            case 14: ids.randomElement(using: &random).map { clock.cancel($0) }
            case 15: _ = clock.runUntilIdle(maxFires: 50)
            default:
                refused { () throws(TimerError) in
                    _ = try clock.repeating(
                        everySeconds: [.nan, .infinity, -1e300, 1e300, 9.3e9, 0, 1e-9].randomElement(using: &random)!
                    ) { _ in }
                }
            }
            if clock.now < before { log.append("seed \(seed): time went back from \(before) to \(clock.now)") }
            _ = clock.pendingTimers
        }
        for handle in handles { handle.cancel() }
        for id in ids { clock.cancel(id) }
        #expect(clock.pendingTimers == [], "seed \(seed)")
        #expect(log.values == [])
    }
}
