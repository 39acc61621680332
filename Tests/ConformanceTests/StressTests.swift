import Foundation
import Hourglass
import Synchronization
import TestSupport
import Testing

/// Many threads doing random operations on one real clock at once: schedule, cancel (from
/// other threads and on the clock's context), fire, pause, resume, release the handle.
///
/// Checks: a timer cancelled on the clock's context never runs afterwards; a one-shot runs at
/// most once; nothing leaks (every object a callback captured is freed once the clock is shut
/// down); no crash. The suite runs 8 threads × 2 000 operations per clock; `tools/stress`
/// runs 8 × 100 000 (`HOURGLASS_STRESS_OPERATIONS`), also under the thread and address sanitizers.
@Suite("Stress: random operations from many threads")
struct StressTests {
    static var operations: Int {
        Int(ProcessInfo.processInfo.environment["HOURGLASS_STRESS_OPERATIONS"] ?? "") ?? 2_000
    }

    /// The real clocks but `glibMain`: GLib's default context is one thread for the whole test
    /// process, as the UI thread is for an app, and this flood of callbacks on it (under
    /// ThreadSanitizer, 15 s of up to 512 repeating 1 ms timers) held back the other suites'
    /// `glibMain` timers past their 2 s limit. `glib` runs the same backend on a context of its own.
    static let clocks = ClockKind.realClocks.filter { $0 != .glibMain }

    @Test(
        "8 threads of random operations: no fire after a cancel on the context, one-shots once, no leak",
        arguments: clocks)
    func randomOperations(kind: ClockKind) async throws {
        let harness = try ClockHarness(kind)
        let ledger = StressLedger()
        let operations = Self.operations
        // Enough far timers for the queue to stage its earliest deadlines apart
        // (`TimerDeadlines`): the workers' timers, all earlier, go through the staged heap,
        // its shrinks and its top-ups.
        let far = try (0..<10_000).map { index in
            try harness.clock.schedule(after: .seconds(3_600 + index)) { _ in
                ledger.violation("a timer an hour away fired")
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    try await onOwnThread {
                        var random = SplitMix64(seed: UInt64(worker) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
                        var mine: [StressTimer] = []
                        for _ in 0..<operations {
                            try StressTimer.step(&mine, random: &random, clock: harness.clock, ledger: ledger)
                        }
                        mine.removeAll()
                    }
                }
            }
            try await group.waitForAll()
        }
        for id in far { harness.clock.cancel(id) }
        harness.drain()
        harness.shutdown()
        expectNothingPending(harness.clock)
        let violations = ledger.violations
        #expect(violations.count == 0, "\(violations.count) violations, the first: \(violations.first)")
        #expect(ledger.fires > 0)
        #expect(
            await eventually { ledger.liveTokens == 0 }, "callbacks' captured objects still alive: \(ledger.liveTokens)"
        )
    }
}

/// Runs `body` on a thread of its own, off Swift's cooperative pool.
func onOwnThread(_ body: @escaping @Sendable () throws -> Void) async throws {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
