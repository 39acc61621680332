import Synchronization

/// A bound on a store's call: a database that stops answering (killed, partitioned) must not
/// hold a request, nor the client waiting for it. Past the limit the request answers `500`
/// `internal` at once; the call is cancelled and left to end on its own (a connection to a dead
/// database may not notice its cancellation for a while), and the database rolls its
/// transaction back.
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
            let work = Task {
                do { pending.finish(.success(try await body())) } catch { pending.finish(.failure(error)) }
            }
            Task {
                try? await Task.sleep(for: limit)
                if pending.finish(.failure(Exceeded(limit: limit))) { work.cancel() }
            }
        }
    }

    /// The continuation, resumed by whichever of the call and the deadline ends first.
    private final class Pending<Value: Sendable>: Sendable {
        private let continuation = Mutex<CheckedContinuation<Value, any Error>?>(nil)

        func wait(with continuation: CheckedContinuation<Value, any Error>) {
            self.continuation.withLock { $0 = continuation }
        }

        /// Resumes the caller with `result` unless it was resumed already; whether it was now.
        @discardableResult
        func finish(_ result: Result<Value, any Error>) -> Bool {
            guard let waiting = continuation.withLock({ slot in slot.take() }) else { return false }
            waiting.resume(with: result)
            return true
        }
    }
}
