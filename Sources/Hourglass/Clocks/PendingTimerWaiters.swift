/// Tasks waiting on a ``VirtualClock`` for a number of live timers: resumed by the queue as it
/// adds timers, or by the clock when task work is enqueued on it (the waiter then runs that work
/// and looks again), never by polling or by real time passing.
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

    /// Resumes every waiter, satisfied or not: something they may be waiting for happened.
    func wakeAll() {
        let all: [Waiter] = lock.withLock {
            defer { waiting = [:] }
            return Array(waiting.values)
        }
        for waiter in all { waiter.continuation.resume() }
    }

    /// Returns once at least `count` timers are live, or ``wakeAll()`` is called, or at once if
    /// `ready` holds when the waiter is listed.
    /// - Throws: `CancellationError` when the waiting task is cancelled first.
    func wait(for count: Int, ready: @escaping @Sendable () -> Bool) async throws {
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
        let waiter = lock.withLock { waiting.removeValue(forKey: id) }
        if let error { waiter?.continuation.resume(throwing: error) } else { waiter?.continuation.resume() }
    }
}
