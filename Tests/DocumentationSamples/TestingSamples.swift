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

    @Test("a countdown written as a sleep loop shows every tick in one advance")
    func sleepLoop() {
        let clock = VirtualClock()
        let shown = Printed()
        clock.startTask {
            for left in (1...3).reversed() {
                shown.append("Resend in \(left)s")
                try? await clock.sleep(for: .seconds(1))
            }
            shown.append("Resend")
        }

        clock.advance(by: .seconds(10))
        #expect(shown.lines == ["Resend in 3s", "Resend in 2s", "Resend in 1s", "Resend"])
        #expect(clock.pendingTimers.isEmpty)
    }

    @Test("a plain task's sleep is awaited before the clock moves")
    func plainTaskSleep() async throws {
        let clock = VirtualClock()
        let before = clock.pendingTimers.count
        let task = Task {
            try await clock.sleep(for: .seconds(5))
            return clock.now
        }

        try await clock.waitForPendingTimers(before + 1, timeout: .seconds(5))
        clock.advance(by: .seconds(5))
        #expect(try await task.value == TimerInstant(nanoseconds: 5_000_000_000))
        #expect(clock.pendingTimers.isEmpty)
    }

    @Test("the doc comment of waitForPendingTimers: a task off the clock's executor is waited for")
    func waitForPendingTimersComment() async throws {
        let clock = VirtualClock()
        let before = clock.pendingTimers.count
        let reply = Task { try await clock.sleep(for: .seconds(1)) }  // not on the clock's executor
        try await clock.waitForPendingTimers(before + 1)  // its sleep is on the clock
        clock.advance(by: .seconds(1))
        try await reply.value
    }
}
