import Dispatch

/// `work`'s result, computed on a dispatch thread: a test of many numbers keeps the CPU for a
/// while, and on the cooperative pool (two threads on two cores) that would hold up the suites
/// that run real clocks at the same time.
func offThePool<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
}
