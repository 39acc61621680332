import Hourglass
import TestSupport
import Testing

@Suite("Countdowns")
struct CountdownTests {
    struct Tick: Equatable {
        var remaining: Int64
        var at: TimerInstant
        var now: TimerInstant
        var skipped: Int64 = 0
    }

    /// A countdown recording its ticks (remaining in whole seconds) and finishes.
    final class Log: Sendable {
        let ticks = Recorder<Tick>()
        let finishes = Recorder<TimerInstant>()
    }

    func start(
        _ clock: VirtualClock, _ duration: Duration, tick: Duration = .seconds(1), running: Bool = true
    ) throws -> (TimerHandle, Log) {
        let log = Log()
        let handle = try clock.countdown(
            for: duration, tick: tick, startsRunning: running,
            onTick: { tick in
                log.ticks.append(
                    Tick(
                        remaining: tick.remainingSeconds, at: tick.scheduled, now: tick.now, skipped: tick.missedTicks)
                )
            }, onFinish: { log.finishes.append(clock.now) })
        return (handle, log)
    }

    @Test("a 60 s countdown ticks 59…0 at exact instants and finishes once")
    func sixtySeconds() throws {
        let clock = VirtualClock()
        let (handle, log) = try start(clock, .seconds(60))
        clock.advance(by: .seconds(120))
        #expect(log.ticks.values == (1...60).map { Tick(remaining: 60 - $0, at: .seconds($0), now: .seconds($0)) })
        #expect(log.finishes.values == [.seconds(60)])
        #expect(handle.state == .finished)
        expectNothingPending(clock)
    }

    @Test("a 10 s suspension mid-countdown gives one tick with the true value, no burst")
    func suspensionMidCountdown() throws {
        let clock = VirtualClock()
        let (handle, log) = try start(clock, .seconds(60))
        clock.advance(by: .seconds(20))
        #expect(log.ticks.values.last == Tick(remaining: 40, at: .seconds(20), now: .seconds(20)))
        let ran = clock.suspend(for: .milliseconds(10_500))
        #expect(ran == 1)
        #expect(log.ticks.values.count == 21)
        #expect(log.ticks.values.last == Tick(remaining: 30, at: .seconds(30), now: .milliseconds(30_500), skipped: 9))
        clock.advance(by: .milliseconds(500))
        #expect(log.ticks.values.last == Tick(remaining: 29, at: .seconds(31), now: .seconds(31)))
        clock.advance(by: .seconds(60))
        #expect(log.ticks.values.count == 51)
        #expect(log.finishes.values == [.seconds(60)])
        #expect(handle.state == .finished)
        expectNothingPending(clock)
    }

    @Test("a suspension past the deadline gives the tick at 0 and one finish")
    func suspensionPastDeadline() throws {
        let clock = VirtualClock()
        let (handle, log) = try start(clock, .seconds(60))
        clock.advance(by: .seconds(58))
        clock.suspend(for: .seconds(300))
        #expect(
            Array(log.ticks.values.suffix(2)) == [
                Tick(remaining: 2, at: .seconds(58), now: .seconds(58)),
                Tick(remaining: 0, at: .seconds(60), now: .seconds(358), skipped: 1),
            ])
        #expect(log.finishes.values == [.seconds(358)])
        #expect(handle.state == .finished)
        expectNothingPending(clock)
    }

    @Test("ticks fall on whole-tick boundaries measured from the deadline")
    func boundariesFromDeadline() throws {
        let clock = VirtualClock()
        let (handle, log) = try start(clock, .seconds(10), tick: .seconds(3))
        clock.advance(by: .seconds(10))
        #expect(
            log.ticks.values == [
                Tick(remaining: 9, at: .seconds(1), now: .seconds(1)),
                Tick(remaining: 6, at: .seconds(4), now: .seconds(4)),
                Tick(remaining: 3, at: .seconds(7), now: .seconds(7)),
                Tick(remaining: 0, at: .seconds(10), now: .seconds(10)),
            ])
        #expect(log.finishes.values == [.seconds(10)])
        #expect(handle.state == .finished)
        expectNothingPending(clock)
    }

    @Test("pause keeps the time left; resume goes on from it")
    func pauseAndResume() throws {
        let clock = VirtualClock()
        let (handle, log) = try start(clock, .seconds(10))
        clock.advance(by: .milliseconds(3_500))
        handle.pause()
        handle.pause()
        #expect(handle.state == .paused)
        clock.advance(by: .seconds(5))
        #expect(log.ticks.values.map(\.remaining) == [9, 8, 7])
        handle.resume()
        handle.resume()
        #expect(handle.state == .running)
        clock.advance(by: .seconds(20))
        #expect(log.ticks.values.map(\.remaining) == [9, 8, 7, 6, 5, 4, 3, 2, 1, 0])
        #expect(log.ticks.values[3] == Tick(remaining: 6, at: .seconds(9), now: .seconds(9)))
        #expect(log.finishes.values == [.seconds(15)])
        expectNothingPending(clock)
    }

    @Test("created stopped, it starts counting at start(); fire() reports the value shown")
    func startLaterAndFire() throws {
        let clock = VirtualClock()
        let (handle, log) = try start(clock, .seconds(60), running: false)
        handle.fire()
        clock.advance(by: .seconds(5))
        #expect(log.ticks.values == [Tick(remaining: 60, at: .zero, now: .zero)])
        #expect(handle.state == .idle)
        handle.start()
        clock.advance(by: .milliseconds(1_500))
        handle.fire()
        clock.advance(by: .zero)
        #expect(
            Array(log.ticks.values.suffix(2)) == [
                Tick(remaining: 59, at: .seconds(6), now: .seconds(6)),
                Tick(remaining: 59, at: .milliseconds(6_500), now: .milliseconds(6_500)),
            ])
        clock.advance(by: .milliseconds(500))
        #expect(log.ticks.values.last == Tick(remaining: 58, at: .seconds(7), now: .seconds(7)))
        handle.cancel()
        #expect(log.finishes.values == [])
        expectNothingPending(clock)
    }

    @Test("a countdown to a fixed deadline; one already past finishes at once")
    func untilDeadline() throws {
        let clock = VirtualClock()
        clock.advance(by: .seconds(100))
        let finishes = Recorder<TimerInstant>()
        let ticks = Recorder<Int64>()
        let live = try clock.countdown(
            until: .milliseconds(102_500), onTick: { ticks.append($0.remainingSeconds) },
            onFinish: { finishes.append(clock.now) })
        let past = try clock.countdown(
            until: .seconds(50), onTick: { ticks.append($0.remainingSeconds) },
            onFinish: { finishes.append(clock.now) })
        clock.advance(by: .seconds(3))
        #expect(ticks.values == [0, 2, 1, 0])
        #expect(finishes.values == [.seconds(100), .milliseconds(102_500)])
        #expect([live.state, past.state] == [.finished, .finished])
        expectNothingPending(clock)
    }
}
