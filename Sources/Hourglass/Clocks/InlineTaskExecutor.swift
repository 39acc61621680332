/// The task executor of the tasks an ``AdaptedClock`` without a queue starts for its callbacks'
/// work (``TimerClock/startTask(_:)``): each job runs at once, on the thread that enqueues it —
/// the thread that starts the task, or the one that resumes it, such as a test clock's
/// `advance` — so the work a timer wakes has settled before that thread goes on, and a test
/// clock finds its sleeps registered without yielding.
///
/// Jobs enqueued while one runs on the same thread wait in a first-in first-out list that the
/// outer job's thread runs next, so a chain of resumptions never nests deeper than one level.
/// After ``jobsInARow`` of them in a row (a task that yields for ever) the rest go to the
/// global executor, so a loop cannot hold the thread.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class InlineTaskExecutor: TaskExecutor, Sendable {
    /// How many jobs one thread runs in a row before it hands the rest to the global executor.
    static let jobsInARow = 100_000

    /// For each thread running this executor's jobs now, the jobs it enqueued meanwhile.
    private let waiting = Locked<[CallbackThread: [UnownedJob]]>([:])

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let thread = CallbackThread.current
        let runsHere = waiting.withLock { waiting -> Bool in
            guard waiting[thread] == nil else {
                waiting[thread]?.append(job)
                return false
            }
            waiting[thread] = []
            return true
        }
        guard runsHere else { return }
        let executor = asUnownedTaskExecutor()
        job.runSynchronously(on: executor)
        var ran = 1
        while let next = waiting.withLock({ waiting -> UnownedJob? in
            guard let first = waiting[thread]?.first else {
                waiting[thread] = nil
                return nil
            }
            waiting[thread]?.removeFirst()
            return first
        }) {
            if ran < Self.jobsInARow {
                next.runSynchronously(on: executor)
                ran += 1
            } else {
                globalConcurrentExecutor.enqueue(next)
            }
        }
    }
}
