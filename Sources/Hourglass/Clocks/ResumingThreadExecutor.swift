/// A task executor that runs each job at once, on the thread that enqueues it: the thread that
/// resumed an ``AdaptedClock``'s sleeping task (a test clock's `advance`, the runtime's timer),
/// or — for its first job — the thread arming the clock, under the timer queue's lock, where the
/// job only registers the sleep with the base clock. Only the adapted clock's own sleepers use it.
///
/// A job enqueued while the clock cancels a sleeper (``handingOff(_:)``) goes to the global
/// executor instead: cancelling resumes the sleeper from inside the runtime's cancellation, where
/// the task must not run to its end.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class ResumingThreadExecutor: TaskExecutor, Sendable {
    /// The threads cancelling a sleeper now.
    private let handingOffThreads = Locked<Set<CallbackThread>>([])

    func enqueue(_ job: consuming ExecutorJob) {
        if handingOffThreads.withLock({ $0.contains(.current) }) {
            globalConcurrentExecutor.enqueue(job)
            return
        }
        // The runtime calls this without holding the executor, and the job may release the last
        // reference to it: it lives until the job has run.
        let retained = Unmanaged.passRetained(self)
        defer { retained.release() }
        UnownedJob(job).runSynchronously(on: asUnownedTaskExecutor())
    }

    /// Runs `body`; a job enqueued on this thread meanwhile runs on the global executor.
    func handingOff(_ body: () -> Void) {
        let thread = CallbackThread.current
        let outer = handingOffThreads.withLock { $0.insert(thread).inserted }
        defer { if outer { handingOffThreads.withLock { _ = $0.remove(thread) } } }
        body()
    }
}
