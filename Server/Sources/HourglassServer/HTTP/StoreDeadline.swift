import Synchronization

/// A bound on a store's call: a database that stops answering (killed, partitioned) must not
/// hold a request, nor the client waiting for it. Past the limit the request answers `500`
/// `internal` at once, and the call is cancelled and left to end on its own: a connection to a
/// dead database may not notice its cancellation for a while. A PostgreSQL transaction has the
/// same limit as its statement timeout, so the database ends it too; a call that was about to
/// commit may still commit, as a request whose answer was lost on the network would.
enum StoreDeadline {
    /// The call did not end in time.
    struct Exceeded: Error, CustomStringConvertible {
        let limit: Duration
        var description: String { "the database did not answer within \(limit)" }
    }

    static func run<Value: Sendable>(
        _ limit: Duration, _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let pending = Pending<Value>()
        return try await withCheckedThrowingContinuation { continuation in
            pending.wait(with: continuation)
            let timer = Task {
                try await Task.sleep(for: limit)
                pending.finish(.failure(Exceeded(limit: limit)))
            }
            let work = Task {
                do { pending.finish(.success(try await body())) } catch { pending.finish(.failure(error)) }
                timer.cancel()
            }
            pending.onTimeout = { work.cancel() }
        }
    }

    /// The continuation, resumed by whichever of the call and the deadline ends first.
    private final class Pending<Value: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Value, any Error>?
            var onTimeout: (@Sendable () -> Void)?
        }

        private let state = Mutex(State())

        func wait(with continuation: CheckedContinuation<Value, any Error>) {
            state.withLock { $0.continuation = continuation }
        }

        /// Cancels the call when the deadline wins.
        var onTimeout: (@Sendable () -> Void)? {
            get { state.withLock { $0.onTimeout } }
            set { state.withLock { $0.onTimeout = newValue } }
        }

        /// Resumes the caller with `result` unless it was resumed already.
        func finish(_ result: Result<Value, any Error>) {
            let (waiting, cancel) = state.withLock {
                state -> (CheckedContinuation<Value, any Error>?, (@Sendable () -> Void)?) in
                defer { state.continuation = nil }
                return (state.continuation, state.onTimeout)
            }
            guard let waiting else { return }
            waiting.resume(with: result)
            if case .failure(let error) = result, error is Exceeded { cancel?() }
        }
    }
}
