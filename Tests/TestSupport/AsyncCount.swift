/// A count that tasks can wait on: ``wait(for:)`` returns once ``increment()`` has brought it
/// to a number — resumed by the increment itself, never by polling or by time passing.
public final class AsyncCount: Sendable {
    private struct State {
        var count = 0
        var waiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    public init() {}

    /// The count now.
    public var value: Int { state.withLock { $0.count } }

    /// Adds one, and resumes the tasks waiting for the new count.
    public func increment() {
        let ready = state.withLock { state in
            state.count += 1
            let count = state.count
            defer { state.waiters.removeAll { $0.target <= count } }
            return state.waiters.filter { $0.target <= count }.map(\.continuation)
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once the count is at least `target`.
    public func wait(for target: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let reached = state.withLock { state in
                if state.count >= target { return true }
                state.waiters.append((target, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }
}
