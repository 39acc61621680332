import Dispatch

/// An ``AdaptedClock``'s wake-up: one task that sleeps on the base clock until the earliest
/// deadline, replaced when that deadline changes, then runs the due timers.
///
/// Where that task runs: on the clock's queue when it has one. Otherwise each of its jobs runs
/// on the thread that resumed it (`ResumingThreadExecutor`): a manual test clock's `advance`
/// then runs the due timers, and the next sleep is registered with it, before the advance looks
/// for its next sleeper — so its transcript does not depend on how tasks are scheduled. The
/// first job runs inside `wake(at:)`, under the queue's lock, and only registers the sleep.
final class AdaptedBackend<Base: Clock>: TimerBackend, @unchecked Sendable where Base.Duration == Duration {
    // @unchecked Sendable: `runner`, `sleeper`, `generation`, `isRunning`, `runAgain`,
    // `armingThread` and `isShutDown` are only read and written under `lock`; `base`, `origin`,
    // `queue` and `executor` are immutable and Sendable (a `Clock` and its instants are, and so
    // are a queue and an executor).
    private let base: Base
    private let origin: Base.Instant
    /// A `QueueTaskExecutor` or a `ResumingThreadExecutor` where the system has task executors.
    private let executor: (any Sendable)?
    /// The clock's queue, if it has one.
    private let queue: DispatchQueue?
    private let lock = Lock()
    private var runner: TimerRunner?
    private var sleeper: Task<Void, Never>?
    private var generation: UInt64 = 0
    private var isRunning = false
    private var runAgain = false
    /// The thread inside `wake(at:)`, under the queue's lock, while it starts a sleeper.
    private var armingThread: CallbackThread?
    private var isShutDown = false

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
        lock.withLock { self.runner = runner }
    }

    func wake(at instant: TimerInstant?) {
        let (replaced, current) = lock.withLock { () -> (Task<Void, Never>?, UInt64?) in
            generation &+= 1
            defer { sleeper = nil }
            return (sleeper, instant == nil || isShutDown ? nil : generation)
        }
        cancel(replaced)
        guard let instant, let current else { return }
        let deadline = origin.advanced(by: .nanoseconds(instant.nanoseconds))
        lock.withLock { armingThread = .current }
        let fallbackQueue = executor == nil ? queue : nil
        let task = startSleeper { [weak self, base] in
            do { try await base.sleep(until: deadline, tolerance: nil) } catch { return }
            guard let self else { return }
            if let fallbackQueue {
                // No task executors (before macOS 15 / iOS 18): the queue is reached this way.
                fallbackQueue.async { self.runDue(ifStill: current) }
            } else if self.lock.withLock({ self.armingThread?.isCurrent ?? false }) {
                // A sleep that did not suspend (the deadline has passed, or the base clock jumps
                // to it) is still inside `wake(at:)`, under the queue's lock: run from elsewhere.
                Task { self.runDue(ifStill: current) }
            } else {
                self.runDue(ifStill: current)
            }
        }
        let stale = lock.withLock { () -> Bool in
            armingThread = nil
            guard generation == current else { return true }
            sleeper = task
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
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
            let executor = executor as? any TaskExecutor
        {
            return Task(executorPreference: executor) { await sleep() }
        }
        return Task { await sleep() }
    }

    /// Runs the due timers, one run at a time: a wake-up that comes during a run makes the
    /// run go round once more instead of running beside it.
    private func runDue(ifStill current: UInt64) {
        let runner = lock.withLock { () -> TimerRunner? in
            guard generation == current, !isShutDown else { return nil }
            if isRunning {
                runAgain = true
                return nil
            }
            isRunning = true
            return self.runner
        }
        guard let runner else { return }
        while true {
            runner.runDue()
            let again = lock.withLock { () -> Bool in
                defer { runAgain = false }
                isRunning = runAgain
                return runAgain
            }
            if !again { break }
        }
    }

    func shutDown() {
        let (runner, sleeper) = lock.withLock { () -> (TimerRunner?, Task<Void, Never>?) in
            isShutDown = true
            defer { self.sleeper = nil }
            return (self.runner, self.sleeper)
        }
        cancel(sleeper)
        runner?.shutDown()
    }
}
