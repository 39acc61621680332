/// Tasks waiting on a ``VirtualClock`` for a number of live timers: resumed by the queue as it
/// adds timers, or by the clock when task work is enqueued on it (the waiter then runs that work
/// and looks again), never by polling or by real time passing.
final class PendingTimerWaiters: Sendable {
    private struct Waiter {
        let count: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Waiting {
        var waiters: [UInt64: Waiter] = [:]
        var lastID: UInt64 = 0
    }

    /// Continuations are resumed after the lock is released.
    private let waiting = Locked(Waiting())

    /// Resumes every waiter that `liveCount` live timers satisfy.
    func timersChanged(liveCount: Int) {
        let ready: [Waiter] = waiting.withLock { waiting in
            guard !waiting.waiters.isEmpty else { return [] }
            let satisfied = waiting.waiters.filter { $0.value.count <= liveCount }
            for id in satisfied.keys { waiting.waiters[id] = nil }
            return Array(satisfied.values)
        }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Resumes every waiter, satisfied or not: something they may be waiting for happened.
    func wakeAll() {
        let all: [Waiter] = waiting.withLock { waiting in
            defer { waiting.waiters = [:] }
            return Array(waiting.waiters.values)
        }
        for waiter in all { waiter.continuation.resume() }
    }

    /// Returns once at least `count` timers are live, or ``wakeAll()`` is called, or at once if
    /// `ready` holds when the waiter is listed.
    /// - Throws: `CancellationError` when the waiting task is cancelled first.
    func wait(for count: Int, ready: @escaping @Sendable () -> Bool) async throws {
        let id = waiting.withLock { waiting in
            waiting.lastID += 1
            return waiting.lastID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                waiting.withLock { $0.waiters[id] = Waiter(count: count, continuation: continuation) }
                if Task.isCancelled {
                    cancel(id)
                } else {
                    // What happened before this waiter was listed counts as well.
                    if ready() { cancel(id, with: nil) }
                }
            }
        } onCancel: {
            cancel(id)
        }
    }

    /// Stops waiter `id`, if it still waits: with `error`, or normally when that is nil.
    private func cancel(_ id: UInt64, with error: (any Error)? = CancellationError()) {
        let waiter = waiting.withLock { $0.waiters.removeValue(forKey: id) }
        if let error { waiter?.continuation.resume(throwing: error) } else { waiter?.continuation.resume() }
    }
}
