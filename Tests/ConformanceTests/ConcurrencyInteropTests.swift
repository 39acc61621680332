import Foundation
import Hourglass
import TestSupport
import Testing

@Suite("Swift Clock and AsyncSequence on every clock", .serialized)
struct ConcurrencyInteropTests {
    @Test("sleep(for:) returns once the time has passed", arguments: ClockKind.allCases)
    func sleepReturns(kind: ClockKind) async throws {
        let harness = try ClockHarness(kind)
        let clock = harness.clock
        let start = clock.now
        let sleeper = Task { try await clock.sleep(for: .milliseconds(30)) }
        if kind == .virtual {
            #expect(await eventually { !clock.pendingTimers.isEmpty })
            harness.pass(.milliseconds(30))
        }
        try await sleeper.value
        #expect(clock.now >= start + .milliseconds(30))
        harness.shutdown()
        expectNothingPending(clock)
    }

    @Test("a cancelled sleep throws CancellationError at once and leaves no timer", arguments: ClockKind.allCases)
    func sleepHonoursCancellation(kind: ClockKind) async throws {
        let harness = try ClockHarness(kind)
        let clock = harness.clock
        let sleeper = Task { try await clock.sleep(for: .seconds(3_600)) }
        #expect(await eventually { clock.pendingTimers.count == 1 })
        sleeper.cancel()
        let result = await sleeper.result
        #expect(throws: CancellationError.self) { try result.get() }
        expectNothingPending(clock)
        let already = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await already.value }
        harness.shutdown()
        expectNothingPending(clock)
    }

    @Test("ticks(every:) yields fires in order and stops its timer when iteration ends", arguments: ClockKind.allCases)
    func ticksSequence(kind: ClockKind) async throws {
        let harness = try ClockHarness(kind)
        let clock = harness.clock
        let ticks = try clock.ticks(every: .milliseconds(10), policy: .burst)
        // The timer starts when iteration starts, so the consumer runs first; on the virtual
        // clock the test then moves time once the timer exists.
        let consumer = Task {
            var indices: [Int64] = []
            for await fire in ticks.prefix(3) { indices.append(fire.index) }
            return indices
        }
        if kind == .virtual {
            #expect(await eventually { clock.pendingTimers.count == 1 })
            harness.pass(.milliseconds(35))
        }
        let indices = await consumer.value
        #expect(indices == [0, 1, 2])
        #expect(await eventually { clock.pendingTimers.isEmpty })
        harness.shutdown()
        expectNothingPending(clock)
    }
}
