/// The backend's side of a ``TimerQueue``: what a ``TimerBackend`` calls when its wake-up
/// goes off, and at shutdown. Only the queue's backend is given one (``TimerBackend/attach(_:)``),
/// so nothing else can run a clock's timers off its context.
public struct TimerRunner: Sendable {
    // Weak: the queue owns its backend, and the backend keeps its runner.
    private weak let queue: TimerQueue?

    init(_ queue: TimerQueue) {
        self.queue = queue
    }

    /// Runs, in (deadline, insertion) order, every timer due by the backend's ``TimerBackend/now``,
    /// then reads the time again and goes on while more timers fell due meanwhile, before the
    /// backend is re-armed with ``TimerBackend/wake(at:)``. Call it on the clock's serial
    /// context; a no-op once the queue is gone.
    /// - Returns: how many callbacks ran.
    @discardableResult
    public func runDue() -> Int {
        guard let queue else { return 0 }
        let backend = queue.backend
        return queue.runDue(readingTime: { backend.now })
    }

    /// The clock has shut down for good: cancels every live timer (their callbacks do not start
    /// again), and every timer added afterwards ends at once, cancelled, rather than waiting for a wake-up
    /// that will never come (a task sleeping on the clock then throws `CancellationError`).
    /// Call it first when shutting down, so that no due timer starts after it. A no-op once the
    /// queue is gone.
    public func shutdown() {
        queue?.shutdown()
    }
}
