import Dispatch

/// A task executor that runs every job on one serial `DispatchQueue`: the context of an
/// ``AdaptedClock``. Its own queue, not the cooperative pool, so that callbacks still run while
/// the pool's threads are all blocked (a synchronous test waiting on the clock).
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class QueueTaskExecutor: TaskExecutor {
    let queue: DispatchQueue

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
