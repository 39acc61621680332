import Hourglass
import TestSupport
import Testing

@Suite("Repeating timers and frame tickers")
struct RepeatingTests {
    @Test("10 000 ticks stay exactly on the grid of the first deadline")
    func noDriftOverTenThousandTicks() throws {
        let clock = VirtualClock()
        let fires = Recorder<TimerFire>()
        // An interval that is not a round number, so any "now + interval" rounding would show.
        let interval = Duration.nanoseconds(16_666_667)
        let timer = try clock.repeating(every: interval, startingAfter: .milliseconds(5)) { fires.append($0) }
        clock.advance(by: .milliseconds(5) + interval * 9_999)
        let values = fires.values
        #expect(values.count == 10_000)
        let offGrid = values.enumerated().filter { index, fire in
            fire.scheduled.nanoseconds != 5_000_000 + Int64(index) * 16_666_667
                || fire.now != fire.scheduled || fire.index != Int64(index) || fire.missedTicks != 0
        }
        #expect(offGrid.isEmpty)
        #expect(values.last?.scheduled == TimerInstant(nanoseconds: 5_000_000 + 9_999 * 16_666_667))
        timer.cancel()
        expectNothingPending(clock)
    }

    @Test("a late fire does not move the grid")
    func lateFireKeepsGrid() throws {
        let clock = VirtualClock()
        let fires = Recorder<TimerFire>()
        let timer = try clock.repeating(every: .seconds(1)) { fires.append($0) }
        clock.advance(by: .milliseconds(500))
        clock.suspend(for: .milliseconds(800))  // tick 0 (due 1.0 s) runs late, at 1.3 s
        clock.advance(to: .seconds(2))
        #expect(
            fires.values == [
                TimerFire(scheduled: .seconds(1), now: .milliseconds(1_300), index: 0, missedTicks: 0, isManual: false),
                TimerFire(scheduled: .seconds(2), now: .seconds(2), index: 1, missedTicks: 0, isManual: false),
            ])
        timer.cancel()
        expectNothingPending(clock)
    }

    @Test("after a stall the skip policy fires once for the latest tick and counts the missed ones")
    func skipPolicy() throws {
        let fires = try firesAroundStall(policy: .skip)
        #expect(
            fires == [
                TimerFire(scheduled: .seconds(1), now: .seconds(1), index: 0, missedTicks: 0, isManual: false),
                TimerFire(scheduled: .seconds(2), now: .seconds(2), index: 1, missedTicks: 0, isManual: false),
                TimerFire(scheduled: .seconds(5), now: .milliseconds(5_700), index: 4, missedTicks: 2, isManual: false),
                TimerFire(scheduled: .seconds(6), now: .seconds(6), index: 5, missedTicks: 0, isManual: false),
            ])
    }

    @Test("after a stall the burst policy fires every missed tick")
    func burstPolicy() throws {
        let fires = try firesAroundStall(policy: .burst)
        #expect(
            fires == [
                TimerFire(scheduled: .seconds(1), now: .seconds(1), index: 0, missedTicks: 0, isManual: false),
                TimerFire(scheduled: .seconds(2), now: .seconds(2), index: 1, missedTicks: 0, isManual: false),
                TimerFire(scheduled: .seconds(3), now: .milliseconds(5_700), index: 2, missedTicks: 0, isManual: false),
                TimerFire(scheduled: .seconds(4), now: .milliseconds(5_700), index: 3, missedTicks: 0, isManual: false),
                TimerFire(scheduled: .seconds(5), now: .milliseconds(5_700), index: 4, missedTicks: 0, isManual: false),
                TimerFire(scheduled: .seconds(6), now: .seconds(6), index: 5, missedTicks: 0, isManual: false),
            ])
    }

    @Test("after a stall the delay policy restarts the grid one interval after the late fire")
    func delayPolicy() throws {
        let fires = try firesAroundStall(policy: .delay)
        #expect(
            fires == [
                TimerFire(scheduled: .seconds(1), now: .seconds(1), index: 0, missedTicks: 0, isManual: false),
                TimerFire(scheduled: .seconds(2), now: .seconds(2), index: 1, missedTicks: 0, isManual: false),
                TimerFire(scheduled: .seconds(5), now: .milliseconds(5_700), index: 4, missedTicks: 2, isManual: false),
                TimerFire(
                    scheduled: .milliseconds(6_700), now: .milliseconds(6_700), index: 5, missedTicks: 0,
                    isManual: false),
            ])
    }

    /// Ticks every second; runs to 2.5 s, is suspended for 3.2 s, then runs to 6.0 s (7.0 s for delay).
    private func firesAroundStall(policy: MissedTickPolicy) throws -> [TimerFire] {
        let clock = VirtualClock()
        let fires = Recorder<TimerFire>()
        let timer = try clock.repeating(every: .seconds(1), policy: policy) { fires.append($0) }
        clock.advance(to: .milliseconds(2_500))
        clock.suspend(for: .milliseconds(3_200))
        clock.advance(to: policy == .delay ? .milliseconds(6_999) : .seconds(6))
        timer.cancel()
        expectNothingPending(clock)
        return fires.values
    }

    @Test("a 60 Hz frame ticker hits n/60 s exactly and reports dropped frames")
    func frameTicker() throws {
        let clock = VirtualClock()
        let frames = Recorder<FrameTick>()
        let ticker = try clock.frameTicker(framesPerSecond: 60) { frames.append($0) }
        clock.advance(by: .seconds(1))
        let values = frames.values
        #expect(values.count == 61)
        #expect(values.map(\.scheduled.nanoseconds) == (0...60).map { Int64($0) * 1_000_000_000 / 60 })
        #expect(values.allSatisfy { $0.now == $0.scheduled && $0.missedTicks == 0 })
        clock.suspend(for: .milliseconds(100))  // frames 61…66 are due by 1.1 s
        #expect(
            frames.values.last
                == FrameTick(
                    index: 66, scheduled: TimerInstant(nanoseconds: 1_100_000_000), now: .milliseconds(1_100),
                    missedTicks: 5))
        clock.advance(by: .nanoseconds(16_666_667))
        #expect(frames.values.last?.index == 67)
        #expect(frames.values.last?.scheduled == TimerInstant(nanoseconds: 67 * 1_000_000_000 / 60))
        ticker.cancel()
        expectNothingPending(clock)
    }
}
