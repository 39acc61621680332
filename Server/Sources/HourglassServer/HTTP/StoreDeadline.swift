import Synchronization

/// A bound on a store's call: a database that stops answering (killed, partitioned) must not
/// hold a request, nor the client waiting for it. Past the limit the request answers `500`
/// `internal` at once, and the call is cancelled and left to end on its own: a connection to a
/// dead database may not notice its cancellation for a while. A PostgreSQL transaction has the
/// same limit as its statement timeout, so the database ends it too; a call that was about to
/// commit may still commit, as a request whose answer was lost on the network would.
///
/// The limits are kept by one watch for every call in flight, which looks every
/// ``Watch/interval``: a call costs no timer of its own, and ends at most that much after its limit.
enum StoreDeadline {
    /// The call did not end in time.
    struct Exceeded: Error, CustomStringConvertible {
        let limit: Duration
        var description: String { "the database did not answer within \(limit)" }
    }

    /// Runs `body`; past `limit`, throws ``Exceeded`` and cancels it. (`watch`: tests have one of
    /// their own.)
    static func run<Value: Sendable>(
        _ limit: Duration, watch: Watch = .shared, _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let pending = Pending<Value>(watch: watch)
        return try await withCheckedThrowingContinuation { continuation in
            pending.wait(with: continuation)
            let work = Task {
                do { pending.finish(.success(try await body())) } catch { pending.finish(.failure(error)) }
            }
            pending.watched(
                watch.watch(until: .now + limit) {
                    pending.finish(.failure(Exceeded(limit: limit)))
                    work.cancel()
                })
        }
    }

    /// The continuation, resumed by whichever of the call and the deadline ends first.
    private final class Pending<Value: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Value, any Error>?
            /// Its entry in the watch, once made; `finished` once the call or its deadline ended it.
            var entry: Int?
            var finished = false
        }

        private let state = Mutex(State())
        private let watch: Watch

        init(watch: Watch) {
            self.watch = watch
        }

        func wait(with continuation: CheckedContinuation<Value, any Error>) {
            state.withLock { $0.continuation = continuation }
        }

        /// Keeps the watch's entry, or takes it back at once when the call has ended already.
        func watched(_ entry: Int) {
            let ended = state.withLock { state in
                state.entry = entry
                return state.finished
            }
            if ended { watch.forget(entry) }
        }

        /// Resumes the caller with `result` unless it was resumed already.
        func finish(_ result: Result<Value, any Error>) {
            let (waiting, entry) = state.withLock { state in
                defer { (state.continuation, state.finished) = (nil, true) }
                return (state.continuation, state.entry)
            }
            guard let waiting else { return }
            if let entry { watch.forget(entry) }
            waiting.resume(with: result)
        }
    }

    /// The deadlines of the calls in flight, looked at every ``interval`` by one task, which
    /// runs only while there are some.
    final class Watch: Sendable {
        /// The watch of every store call the server makes.
        static let shared = Watch()
        /// How often the deadlines are looked at: how late past its limit a call may end.
        static let interval = Duration.milliseconds(50)

        private struct Entry {
            let deadline: ContinuousClock.Instant
            let expire: @Sendable () -> Void
        }
        private struct State {
            var entries: [Int: Entry] = [:]
            var next = 0
            var looking = false
        }
        private let state = Mutex(State())

        /// Calls `expire` once `deadline` has passed, unless ``forget(_:)`` is called first with
        /// the entry this returns.
        func watch(until deadline: ContinuousClock.Instant, expire: @escaping @Sendable () -> Void) -> Int {
            let (entry, start) = state.withLock { state in
                state.next += 1
                state.entries[state.next] = Entry(deadline: deadline, expire: expire)
                defer { state.looking = true }
                return (state.next, !state.looking)
            }
            if start { Task.detached { await self.look() } }
            return entry
        }

        /// How many calls it watches.
        var watched: Int { state.withLock { $0.entries.count } }

        /// Stops watching `entry`: its call has ended.
        func forget(_ entry: Int) {
            _ = state.withLock { $0.entries.removeValue(forKey: entry) }
        }

        /// Every ``interval``, calls and forgets the entries whose deadline has passed; ends when
        /// none is left (marking that under the same lock as ``watch(until:expire:)`` adds one).
        private func look() async {
            while true {
                try? await Task.sleep(for: Self.interval)
                let now = ContinuousClock.now
                let (expired, done) = state.withLock { state in
                    let expired = state.entries.filter { $0.value.deadline <= now }
                    for key in expired.keys { state.entries.removeValue(forKey: key) }
                    // None left: the next watch starts a look of its own.
                    if state.entries.isEmpty { state.looking = false }
                    return (Array(expired.values), state.entries.isEmpty)
                }
                for entry in expired { entry.expire() }
                if done { return }
            }
        }
    }
}
