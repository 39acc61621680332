import Hourglass

/// Shows a 10 s countdown on the virtual clock, interrupted by a 4 s suspension.
@main
enum HourglassDemo {
    static func main() throws {
        let clock = VirtualClock()
        let countdown = try clock.countdown(for: .seconds(10), onTick: { tick in
            let note = tick.skippedTicks > 0 ? "  (after a suspension: \(tick.skippedTicks) ticks skipped)" : ""
            print("[\(tick.scheduled)] \(tick.remainingSeconds)s left\(note)")
        }, onFinish: { print("[\(clock.now)] finished") })
        print("[\(clock.now)] countdown of 10s started")
        clock.advance(by: .seconds(3))
        print("[\(clock.now)] the app is suspended for 4.5s")
        clock.suspend(for: .milliseconds(4_500))
        clock.advance(by: .seconds(10))
        print("state: \(countdown.state); pending timers: \(clock.pendingTimers.count)")
    }
}
