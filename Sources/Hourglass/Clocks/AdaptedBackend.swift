import Dispatch

/// An ``AdaptedClock``'s wake-up: one task that sleeps on the base clock until the earliest
/// deadline, replaced when that deadline changes, then runs the due timers.
///
/// Where that task runs: on the clock's queue when it has one. Otherwise each of its jobs runs
/// on the thread that resumed it (`ResumingThreadExecutor`): a manual test clock's `advance`
/// then runs the due timers, and the next sleep is registered with it, before the advance looks
/// for its next sleeper — so its transcript does not depend on how tasks are scheduled. The
/// first job runs inside `wake(at:)`, under the queue's lock, and only registers the sleep.
final class AdaptedBackend<Base: Clock>: AdaptedWakeUp, Sendable where Base.Duration == Duration {
    private struct State {
        var runner: TimerRunner?
        var sleeper: Task<Void, Never>?
        var generation: UInt64 = 0
        var isRunning = false
        var runAgain = false
        /// The thread inside `wake(at:)`, under the queue's lock, while it starts a sleeper.
        var armingThread: CallbackThread?
        var isShutDown = false
    }

    private let base: Base
    private let origin: Base.Instant
    /// A `QueueTaskExecutor` or a `ResumingThreadExecutor` where the system has task executors.
    private let executor: (any Sendable)?
    /// The clock's queue, if it has one.
    private let queue: DispatchQueue?
    private let state = Locked(State())

    init(base: Base, queue: DispatchQueue?) {
        self.base = base
        self.queue = queue
        origin = base.now
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            executor = queue.map { QueueTaskExecutor(queue: $0) } ?? ResumingThreadExecutor()
        } else {
            executor = nil
        }
    }

    var now: TimerInstant {
        TimerInstant(nanoseconds: max(0, origin.duration(to: base.now).saturatingNanoseconds))
    }

    func attach(_ runner: TimerRunner) {
        state.withLock { $0.runner = runner }
    }

    func wake(at instant: TimerInstant?) {
        let (replaced, current) = state.withLock { state -> (Task<Void, Never>?, UInt64?) in
            state.generation &+= 1
            defer { state.sleeper = nil }
            return (state.sleeper, instant == nil || state.isShutDown ? nil : state.generation)
        }
        cancel(replaced)
        guard let instant, let current else { return }
        let deadline = origin.advanced(by: .nanoseconds(instant.nanoseconds))
        state.withLock { $0.armingThread = .current }
        let fallbackQueue = executor == nil ? queue : nil
        let task = startSleeper { [weak self, base] in
            do { try await base.sleep(until: deadline, tolerance: nil) } catch { return }
            guard let self else { return }
            if let fallbackQueue {
                // No task executors (before macOS 15 / iOS 18): the queue is reached this way.
                fallbackQueue.async { self.runDue(ifStill: current) }
            } else if self.state.withLock({ $0.armingThread?.isCurrent ?? false }) {
                // A sleep that did not suspend (the deadline has passed, or the base clock jumps
                // to it) is still inside `wake(at:)`, under the queue's lock: run from elsewhere.
                Task { self.runDue(ifStill: current) }
            } else {
                self.runDue(ifStill: current)
            }
        }
        let stale = state.withLock { state -> Bool in
            state.armingThread = nil
            guard state.generation == current else { return true }
            state.sleeper = task
            return false
        }
        if stale { cancel(task) }
    }

    /// Cancels a sleeper; a sleeper that runs on the resuming thread is handed to the global
    /// executor for it, not run inside the runtime's cancellation.
    private func cancel(_ sleeper: Task<Void, Never>?) {
        guard let sleeper else { return }
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
            let executor = executor as? ResumingThreadExecutor
        {
            executor.handingOff { sleeper.cancel() }
        } else {
            sleeper.cancel()
        }
    }

    private func startSleeper(_ sleep: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        Task.preferring(executor, sleep)
    }

    /// Runs the due timers, one run at a time: a wake-up that comes during a run makes the
    /// run go round once more instead of running beside it.
    private func runDue(ifStill current: UInt64) {
        let runner = state.withLock { state -> TimerRunner? in
            guard state.generation == current, !state.isShutDown else { return nil }
            if state.isRunning {
                state.runAgain = true
                return nil
            }
            state.isRunning = true
            return state.runner
        }
        guard let runner else { return }
        while true {
            runner.runDue()
            let again = state.withLock { state -> Bool in
                defer { state.runAgain = false }
                state.isRunning = state.runAgain
                return state.runAgain
            }
            if !again { break }
        }
    }

    func shutdown() {
        let (runner, sleeper) = state.withLock { state -> (TimerRunner?, Task<Void, Never>?) in
            state.isShutDown = true
            defer { state.sleeper = nil }
            return (state.runner, state.sleeper)
        }
        cancel(sleeper)
        runner?.shutdown()
    }
}
