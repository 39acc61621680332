import Foundation
import Hourglass
import Testing

// The samples of the Hourglass catalog's "Testing with VirtualClock", verbatim.
@Suite("Documentation samples: testing with VirtualClock")
struct TestingSamples {
    @Test("a resend countdown shows the true time left after the app was suspended")
    func countdownAfterSuspension() throws {
        let clock = VirtualClock()
        let shown = Printed()
        let countdown = try clock.countdown(for: .seconds(60)) { tick in
            shown.append("Resend in \(tick.remainingSeconds)s")
        } onFinish: {
            shown.append("Resend")
        }

        clock.advance(by: .seconds(2))
        clock.suspend(for: .seconds(40))
        #expect(shown.lines == ["Resend in 59s", "Resend in 58s", "Resend in 18s"])

        clock.advance(by: .seconds(18))
        #expect(shown.lines.suffix(2) == ["Resend in 0s", "Resend"])
        #expect(countdown.state == .finished)
        #expect(clock.pendingTimers.isEmpty)
    }

    @Test("a task's sleep is awaited before the clock moves")
    func taskSleep() async throws {
        let clock = VirtualClock()
        let task = Task {
            try await clock.sleep(for: .seconds(5))
            return clock.now
        }

        try await clock.waitForPendingTimers(1)
        clock.advance(by: .seconds(5))
        #expect(try await task.value == TimerInstant(nanoseconds: 5_000_000_000))
        #expect(clock.pendingTimers.isEmpty)
    }
}
