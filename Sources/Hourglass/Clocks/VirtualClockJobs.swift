/// The task work waiting on a ``VirtualClock`` used as a task executor: jobs stay here, first
/// in first out, until the thread that moves the clock runs them.
final class VirtualClockJobs: @unchecked Sendable {
    // @unchecked Sendable: `queued` and `head` are only read and written under `lock`; a job is
    // run after it is taken out, with the lock released.
    private let lock = Lock()
    private var queued: [UnownedJob] = []
    private var head = 0
    /// Told after each job is queued, outside the lock.
    private let queuedJob: @Sendable () -> Void

    init(queuedJob: @escaping @Sendable () -> Void) {
        self.queuedJob = queuedJob
    }

    func append(_ job: UnownedJob) {
        lock.withLock { queued.append(job) }
        queuedJob()
    }

    /// How many jobs wait.
    var count: Int { lock.withLock { queued.count - head } }

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
        lock.withLock {
            guard head < queued.count else { return nil }
            let job = queued[head]
            head += 1
            if head == queued.count {
                queued.removeAll(keepingCapacity: true)
                head = 0
            }
            return job
        }
    }
}
