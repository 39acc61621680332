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
final class Sleeper: @unchecked Sendable {
    // @unchecked Sendable: every field is read and written only under `lock`; the
    // continuation is resumed and the timer cancelled after unlocking.
    private let lock = Lock()
    private var continuation: CheckedContinuation<Void, any Error>?
    private var handle: TimerHandle?
    private var isCancelled = false

    func begin(_ continuation: CheckedContinuation<Void, any Error>, arm: () -> TimerHandle?) {
        let cancelledEarly = lock.withLock {
            if isCancelled { return true }
            self.continuation = continuation
            return false
        }
        if cancelledEarly {
            continuation.resume(throwing: CancellationError())
            return
        }
        let armed = arm()
        // A cancel that came while arming found no handle to cancel: do it here.
        let cancelledWhileArming = lock.withLock {
            if !isCancelled { handle = armed }
            return isCancelled
        }
        if cancelledWhileArming { armed?.cancel() }
        if armed == nil { finish() }
    }

    func finish() {
        let (continuation, handle) = lock.withLock { () -> (CheckedContinuation<Void, any Error>?, TimerHandle?) in
            defer {
                self.continuation = nil
                self.handle = nil
            }
            return (self.continuation, self.handle)
        }
        _ = handle
        continuation?.resume()
    }

    func cancel() {
        let (continuation, handle) = lock.withLock { () -> (CheckedContinuation<Void, any Error>?, TimerHandle?) in
            isCancelled = true
            defer {
                self.continuation = nil
                self.handle = nil
            }
            return (self.continuation, self.handle)
        }
        handle?.cancel()
        continuation?.resume(throwing: CancellationError())
    }
}
