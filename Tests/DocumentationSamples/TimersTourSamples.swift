import Hourglass
import Testing

// The timer tour of README.md and of the Hourglass catalog's "Getting started", verbatim
// (tools/check-samples checks it), run on the virtual clock with what it prints checked.
@Suite("Documentation samples: timers")
struct TimersTourSamples {
    @Test("the README's tour of the timer kinds runs as written")
    func tour() throws {
        let printed = Printed()
        @Sendable func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        let clock = VirtualClock()  // or DispatchClock(), LibeventClock(), AdaptedClock(ContinuousClock())

        // One-shot: cancelled when the handle is released.
        let save = try clock.oneShot(after: .seconds(2)) { fire in print("saved at", fire.scheduled) }

        // Runs though nobody keeps anything (dispatch_after); cancel it by its ID if need be.
        let hint = try clock.schedule(after: .milliseconds(500)) { _ in print("hint") }

        // Repeating on the grid of its first deadline; after a stall one fire, missed ticks counted.
        let poll = try clock.repeating(every: .seconds(1)) { fire in
            print("tick", fire.index, "missed", fire.missedTicks)
        }

        // Countdown: ticks on whole seconds before the deadline, read from it, then one finish.
        let resend = try clock.countdown(for: .seconds(3)) { tick in
            print("Resend in \(tick.remainingSeconds)s")
        } onFinish: {
            print("Resend")
        }

        clock.advance(by: .seconds(2))  // runs everything due, in order, at exact instants
        clock.suspend(for: .seconds(3))  // as a process suspension: late, coalesced
        poll.cancel()  // idempotent, from any thread
        print(clock.pendingTimers.isEmpty, save.state, resend.state, clock.isPending(hint))

        #expect(
            printed.lines == [
                "hint", "tick 0 missed 0", "Resend in 2s", "saved at 2s", "tick 1 missed 0", "Resend in 1s",
                "tick 4 missed 2", "Resend in 0s", "Resend", "true finished finished false",
            ])
    }

    @Test("the tour's lifetime sample: created stopped, fire() keeps the schedule, weak targets")
    func lifetimes() throws {
        let clock = VirtualClock()
        let refreshed = Printed()

        final class Screen: Sendable {
            let log: Printed
            init(log: Printed) { self.log = log }
            func refresh() { log.append("refresh") }
        }
        var screen: Screen? = Screen(log: refreshed)

        // Created stopped, started later; fire() runs now and keeps the schedule.
        let later = try clock.oneShot(after: .seconds(3), startsRunning: false) { _ in }
        later.start()
        // A weak target: the timer never keeps `screen` alive, and cancels itself once it is gone.
        let refresh = try clock.repeating(every: .seconds(5), target: screen!) { screen, _ in screen.refresh() }
        refresh.fire()
        clock.advance(by: .seconds(5))
        screen = nil
        clock.advance(by: .seconds(5))

        #expect(refreshed.lines == ["refresh", "refresh"])
        #expect(later.state == .finished)
        #expect(refresh.state == .cancelled)
        #expect(clock.pendingTimers.isEmpty)
    }
}
