import Hourglass
import TestSupport
import Testing

/// `VirtualClock.waitForPendingTimers(_:timeout:)`: a test awaits the timers that tasks off the
/// clock's executor register, with no polling, so an advance never races such a task; a wrong
/// count fails the test after the timeout instead of hanging it.
@Suite("VirtualClock: waiting for the timers that tasks register")
struct WaitingForTimersTests {
    @Test("returns at once when enough timers are live already")
    func enoughAlready() async throws {
        let clock = VirtualClock()
        let first = try clock.oneShot(after: .seconds(1)) { _ in }
        let second = try clock.oneShot(after: .seconds(2)) { _ in }
        try await clock.waitForPendingTimers(2)
        #expect(clock.pendingTimers.count == 2)
        first.cancel()
        second.cancel()
    }

    @Test("an async flow, 10 000 times: the task's sleep is awaited, then one advance wakes it")
    func asyncFlowTenThousandTimes() async throws {
        var wrong: [Int: TimerInstant] = [:]
        for run in 0..<10_000 {
            let clock = VirtualClock()
            let task = Task {
                try await clock.sleep(for: .seconds(5))
                return clock.now
            }
            try await clock.waitForPendingTimers(1)
            clock.advance(by: .seconds(5))
            let woke = try await task.value
            if woke != TimerInstant(nanoseconds: 5_000_000_000) { wrong[run] = woke }
        }
        #expect(wrong == [:])
    }

    @Test("a task that sleeps twice: each sleep is awaited in turn")
    func sleepsInTurn() async throws {
        let clock = VirtualClock()
        let task = Task {
            try await clock.sleep(for: .seconds(1))
            let between = clock.now
            try await clock.sleep(for: .seconds(2))
            return [between, clock.now]
        }
        try await clock.waitForPendingTimers(1)
        #expect(clock.advance(by: .seconds(1)) == 1)
        try await clock.waitForPendingTimers(1)
        #expect(clock.advance(by: .seconds(2)) == 1)
        #expect(
            try await task.value == [
                TimerInstant(nanoseconds: 1_000_000_000), TimerInstant(nanoseconds: 3_000_000_000),
            ])
        #expect(clock.pendingTimers.isEmpty)
    }

    @Test("a waiting task that is cancelled stops waiting with CancellationError")
    func cancelled() async {
        let clock = VirtualClock()
        let waiter = Task { try await clock.waitForPendingTimers(1) }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(clock.pendingTimers.isEmpty)
    }

    @Test("a count that is never reached fails after the timeout, saying what it waited for")
    func timesOut() async throws {
        let clock = VirtualClock()
        let kept = try clock.oneShot(after: .seconds(1)) { _ in }
        let error = await #expect(throws: VirtualClockWaitTimeout.self) {
            try await clock.waitForPendingTimers(2, timeout: .zero)
        }
        #expect(error?.expected == 2)
        #expect(error?.live == 1)
        #expect(error?.timeout == .zero)
        #expect(
            error?.description
                == "waited 0.0 seconds of real time for 2 live timers on the VirtualClock, but 1 are live: the work "
                + "that should add them has not reached the clock (did it fail, or wait for something else?); "
                + "clock.pendingTimers lists what is there")
        kept.cancel()
    }

    @Test("work queued on the clock's executor is run by the wait itself, at the present")
    func runsQueuedWork() async throws {
        let clock = VirtualClock()
        clock.startTask { try? await clock.sleep(for: .seconds(1)) }
        #expect(clock.pendingTimers.isEmpty)
        try await clock.waitForPendingTimers(1)
        #expect(clock.pendingTimers.count == 1)
        #expect(clock.now == .zero)
        clock.advance(by: .seconds(1))
        #expect(clock.pendingTimers.isEmpty)
    }

    @Test("a task of the clock resumed from another thread during the wait wakes it, and its timer counts")
    func resumedDuringTheWait() async throws {
        let clock = VirtualClock()
        let parked = Locked<CheckedContinuation<Void, Never>?>(nil)
        clock.startTask {
            await withCheckedContinuation { continuation in parked.withLock { $0 = continuation } }
            try? await clock.sleep(for: .seconds(1))
        }
        clock.advance(by: .zero)
        let waiter = Task { try await clock.waitForPendingTimers(1) }
        parked.withLock { $0.take() }?.resume()
        try await waiter.value
        #expect(clock.pendingTimers.count == 1)
        clock.advance(by: .seconds(1))
        #expect(clock.pendingTimers.isEmpty)
    }

    @Test("a timeout at the end of the range waits as a long one does, without trapping")
    func hugeTimeout() async throws {
        let clock = VirtualClock()
        let kept = try clock.oneShot(after: .seconds(1)) { _ in }
        try await clock.waitForPendingTimers(1, timeout: .seconds(Int64.max))
        let waiter = Task { try await clock.waitForPendingTimers(2, timeout: .seconds(Int64.max)) }
        try await Task.sleep(for: .milliseconds(10))  // let it reach its (century-long) sleep
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        kept.cancel()
    }
}
