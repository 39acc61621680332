/// Tasks waiting on a ``VirtualClock`` for a number of live timers: resumed by the queue as it
/// adds timers, never by polling or by real time passing.
final class PendingTimerWaiters: @unchecked Sendable {
    // @unchecked Sendable: `waiting` and `lastID` are only read and written under `lock`;
    // continuations are resumed after it is released.
    private typealias Waiter = (count: Int, continuation: CheckedContinuation<Void, any Error>)
    private let lock = Lock()
    private var waiting: [UInt64: Waiter] = [:]
    private var lastID: UInt64 = 0

    /// Resumes every waiter that `liveCount` live timers satisfy.
    func timersChanged(liveCount: Int) {
        let ready: [Waiter] = lock.withLock {
            guard !waiting.isEmpty else { return [] }
            let satisfied = waiting.filter { $0.value.count <= liveCount }
            for id in satisfied.keys { waiting[id] = nil }
            return Array(satisfied.values)
        }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Returns once at least `count` timers are live; `liveCount` reads the number now.
    /// - Throws: `CancellationError` when the waiting task is cancelled first.
    func wait(for count: Int, liveCount: @escaping @Sendable () -> Int) async throws {
        let id = lock.withLock {
            lastID += 1
            return lastID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.withLock { waiting[id] = (count, continuation) }
                if Task.isCancelled {
                    cancel(id)
                } else {
                    // Timers added before this waiter was listed count as well.
                    timersChanged(liveCount: liveCount())
                }
            }
        } onCancel: {
            cancel(id)
        }
    }

    private func cancel(_ id: UInt64) {
        let waiter = lock.withLock { waiting.removeValue(forKey: id) }
        waiter?.continuation.resume(throwing: CancellationError())
    }
}
