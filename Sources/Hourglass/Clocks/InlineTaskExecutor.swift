/// The task executor of the tasks an ``AdaptedClock`` without a queue starts for its callbacks'
/// work (``TimerClock/startTask(_:)``): each job runs at once, on the thread that enqueues it —
/// the thread that starts the task, or the one that resumes it, such as a test clock's
/// `advance` — so the work a timer wakes has settled before that thread goes on, and a test
/// clock finds its sleeps registered without yielding.
///
/// Jobs enqueued while one runs on the same thread wait in a first-in first-out list that the
/// outer job's thread runs next, so a chain of resumptions never nests deeper than one level.
/// After ``jobsInARow`` of them in a row (a task that yields for ever) the rest go to the
/// global executor, so a loop cannot hold the thread. A job enqueued while the thread cancels a
/// task (``handingOff(_:)``) goes to the global executor too: cancelling resumes the task from
/// inside the runtime's cancellation, where the task must not run to its end.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class InlineTaskExecutor: TaskExecutor, Sendable {
    /// The jobs a thread enqueued while it ran one of this executor's jobs.
    private struct Waiting {
        var jobs: [UnownedJob] = []
        var head = 0
    }

    private struct Threads {
        /// For each thread running this executor's jobs now, the jobs it enqueued meanwhile.
        var running: [CallbackThread: Waiting] = [:]
        /// The threads cancelling a task now.
        var handingOff: Set<CallbackThread> = []
    }

    /// How many jobs one thread runs in a row before it hands the rest to the global executor.
    static let jobsInARow = 100_000

    private let threads = Locked(Threads())

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let thread = CallbackThread.current
        enum Next { case run, listed, handOff }
        let next = threads.withLock { threads -> Next in
            if threads.handingOff.contains(thread) { return .handOff }
            guard threads.running[thread] == nil else {
                threads.running[thread]?.jobs.append(job)
                return .listed
            }
            threads.running[thread] = Waiting()
            return .run
        }
        switch next {
        case .listed: return
        case .handOff: return globalConcurrentExecutor.enqueue(job)
        case .run: break
        }
        // The runtime calls this without holding the executor, and a job may release the last
        // reference to it (its task ending, its clock going): it lives until this run is over.
        let retained = Unmanaged.passRetained(self)
        defer { retained.release() }
        let executor = asUnownedTaskExecutor()
        job.runSynchronously(on: executor)
        var ran = 1
        while let next = nextListed(on: thread) {
            if ran < Self.jobsInARow {
                next.runSynchronously(on: executor)
                ran += 1
            } else {
                globalConcurrentExecutor.enqueue(next)
            }
        }
    }

    /// Runs `body` (a task's cancellation); a job enqueued on this thread meanwhile runs on the
    /// global executor.
    func handingOff(_ body: () -> Void) {
        let thread = CallbackThread.current
        let outer = threads.withLock { $0.handingOff.insert(thread).inserted }
        defer { if outer { threads.withLock { _ = $0.handingOff.remove(thread) } } }
        body()
    }

    /// The next job `thread` listed, or nil (and the thread is done) when there is none.
    private func nextListed(on thread: CallbackThread) -> UnownedJob? {
        threads.withLock { threads in
            guard var waiting = threads.running[thread], waiting.head < waiting.jobs.count else {
                threads.running[thread] = nil
                return nil
            }
            let job = waiting.jobs[waiting.head]
            waiting.head += 1
            threads.running[thread] = waiting
            return job
        }
    }
}
