extension TimerClock {
    /// An ordinary task: a real clock's tasks run on the global executor.
    @discardableResult
    public func startTask(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        Task { await operation() }
    }

    /// Suspends the task until `deadline` on this clock; throws `CancellationError` as soon as
    /// the task is cancelled, and then leaves no timer behind — or when the clock cancels the
    /// sleep's timer, as a clock that shuts down does.
    public func sleep(until deadline: TimerInstant, tolerance: Swift.Duration? = nil) async throws {
        try Task.checkCancellation()
        let sleeper = Sleeper()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                sleeper.begin(continuation) {
                    let delay = max(.zero, now.duration(to: deadline))
                    // Clamped into the timer range, so a huge tolerance cannot end the sleep at once.
                    let leeway = min(max(.zero, tolerance ?? .zero), .nanoseconds(Int64.max))
                    // Released with the callback when the timer ends without firing: the
                    // clock cancelled it, so the sleep ends rather than waiting for ever.
                    let cancelledByClock = OnRelease { sleeper.cancel() }
                    return try? oneShot(after: delay, leeway: leeway) { _ in
                        withExtendedLifetime(cancelledByClock) { sleeper.finish() }
                    }
                }
            }
        } onCancel: {
            sleeper.cancel()
        }
    }

    /// An `AsyncSequence` of a repeating timer's fires. Each iteration runs its own timer,
    /// from the start of the iteration until it ends (or its iterator is released). A consumer
    /// slower than the ticks sees the newest 64; each fire still reports its missed ticks.
    /// - Throws: ``TimerError/nonPositiveInterval(_:)`` for an interval of less than a nanosecond.
    public func ticks(every interval: Swift.Duration, policy: MissedTickPolicy = .skip) throws(TimerError) -> TimerTicks
    {
        _ = try TimerArguments.interval(interval)
        return TimerTicks(clock: self, interval: interval, policy: policy)
    }
}

/// One `sleep`: resumes its continuation exactly once, from the timer or from cancellation.
final class Sleeper: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Void, any Error>?
        var handle: TimerHandle?
        var isCancelled = false
    }

    /// The continuation is resumed and the timer cancelled after unlocking.
    private let state = Locked(State())

    func begin(_ continuation: CheckedContinuation<Void, any Error>, arm: () -> TimerHandle?) {
        let cancelledEarly = state.withLock { state in
            if state.isCancelled { return true }
            state.continuation = continuation
            return false
        }
        if cancelledEarly {
            continuation.resume(throwing: CancellationError())
            return
        }
        let armed = arm()
        // A cancel that came while arming found no handle to cancel: do it here.
        let cancelledWhileArming = state.withLock { state in
            if !state.isCancelled { state.handle = armed }
            return state.isCancelled
        }
        if cancelledWhileArming { armed?.cancel() }
        if armed == nil { finish() }
    }

    func finish() {
        let (continuation, handle) = take(cancelling: false)
        _ = handle
        continuation?.resume()
    }

    func cancel() {
        let (continuation, handle) = take(cancelling: true)
        handle?.cancel()
        continuation?.resume(throwing: CancellationError())
    }

    private func take(cancelling: Bool) -> (CheckedContinuation<Void, any Error>?, TimerHandle?) {
        state.withLock { state in
            if cancelling { state.isCancelled = true }
            defer {
                state.continuation = nil
                state.handle = nil
            }
            return (state.continuation, state.handle)
        }
    }
}
