/// A `VirtualClock` is a task executor (SE-0417): a task that prefers it — one a view-model
/// starts with ``TimerClock/startTask(_:)``, or `Task(executorPreference: clock)` — runs only
/// when the clock is moved, on the thread that moves it, and so do the default actors it calls
/// and the continuations it awaits, wherever they are resumed. Between two timers an advance
/// runs that work to quiescence, so time never moves past an instant before the work woken
/// there has settled.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension VirtualClock: TaskExecutor {
    /// Keeps `job` until the clock is next moved (``advance(by:)``, ``advance(to:)``,
    /// ``runUntilIdle(maxFires:)``, ``suspend(for:)``, or a timer's `fire()`), which runs it on
    /// the moving thread. Called by the Swift runtime; not for tests to call.
    public func enqueue(_ job: consuming ExecutorJob) {
        jobs.append(UnownedJob(job))
    }
}

extension VirtualClock {
    /// At most this many jobs run between two timers: a task that never stops yielding (a
    /// polling loop) cannot hang an advance; its later jobs run at the next instant.
    package static let jobsBetweenTimers = 100_000

    /// Starts `operation` in a task that prefers this clock as its executor, so that it runs,
    /// deterministically, when the clock is moved (on systems older than macOS 15 and iOS 18,
    /// which have no task executors, an ordinary task).
    @discardableResult
    public func startTask(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            return Task(executorPreference: self) { await operation() }
        }
        return Task { await operation() }
    }

    /// Runs the task work waiting on this clock, to quiescence, on the calling thread (the one
    /// moving the clock). Returns how many jobs ran.
    @discardableResult
    func runQueuedJobs() -> Int {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return 0 }
        let executor = asUnownedTaskExecutor()
        return jobs.runQueued(limit: Self.jobsBetweenTimers) { $0.runSynchronously(on: executor) }
    }
}
