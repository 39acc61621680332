/// The task work waiting on a ``VirtualClock`` used as a task executor: jobs stay here, first
/// in first out, until the thread that moves the clock runs them.
final class VirtualClockJobs: Sendable {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var head = 0
    }

    /// A job is run after it is taken out, with the lock released.
    private let queue = Locked(Queue())
    /// Told after each job is queued, outside the lock.
    private let queuedJob: @Sendable () -> Void

    init(queuedJob: @escaping @Sendable () -> Void) {
        self.queuedJob = queuedJob
    }

    func append(_ job: UnownedJob) {
        queue.withLock { $0.jobs.append(job) }
        queuedJob()
    }

    /// How many jobs wait.
    var count: Int { queue.withLock { $0.jobs.count - $0.head } }

    /// Runs the waiting jobs in order, and those they queue in turn, until none is left or
    /// `limit` have run.
    /// - Returns: how many ran.
    func runQueued(limit: Int, _ run: (UnownedJob) -> Void) -> Int {
        var ran = 0
        while ran < limit, let job = next() {
            run(job)
            ran += 1
        }
        return ran
    }

    private func next() -> UnownedJob? {
        queue.withLock { queue in
            guard queue.head < queue.jobs.count else { return nil }
            let job = queue.jobs[queue.head]
            queue.head += 1
            if queue.head == queue.jobs.count {
                queue.jobs.removeAll(keepingCapacity: true)
                queue.head = 0
            }
            return job
        }
    }
}
