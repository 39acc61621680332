import Foundation
import Hourglass
import TestSupport
import Testing

/// A callback that holds a real clock's context makes every timer behind it late, and they
/// must see it: a tick due behind it reports the ticks it missed and the time it really
/// started, and the queue's lateness (what linemode's exit 5 reads) counts it. Before, the
/// timers behind a long callback ran with the time read before it, as if on time.
@Suite("a long callback on a real clock")
struct LongCallbackTests {
    @Test("the timers behind it start at the time they start", arguments: ClockKind.realClocks)
    func timersBehindSeeTheTime(kind: ClockKind) throws {
        let harness = try ClockHarness(kind)
        let clock = harness.clock
        let ticks = Recorder<TimerFire>()
        let held = Duration.milliseconds(300)
        // The context is held first, so that when it is free both timers below are due and
        // one run pops them with one reading of the time: the long one, then the repeating one.
        let start = clock.now
        try clock.schedule(at: start + .milliseconds(10)) { _ in Thread.sleep(forTimeInterval: 0.06) }
        let due = start + .milliseconds(30)
        try clock.schedule(at: due) { _ in Thread.sleep(forTimeInterval: 0.3) }
        let repeating = try clock.repeating(every: .milliseconds(50), startingAfter: due - clock.now) {
            ticks.append($0)
        }
        #expect(harness.wait(limit: .seconds(5)) { !ticks.values.isEmpty })
        repeating.cancel()
        let first = try #require(ticks.values.first)
        #expect(first.now - due >= held)
        // Ticks every 50 ms, the first 300 ms or more late: five at least went by meanwhile.
        #expect(first.missedTicks >= 5)
        #expect(first.index == first.missedTicks)
        #expect(clock.timerQueue.maxLateness >= held)
        harness.shutdown()
    }
}
