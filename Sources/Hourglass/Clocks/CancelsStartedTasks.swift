/// A clock whose started tasks (``TimerClock/startTask(_:)``) must be cancelled through it:
/// ``AdaptedClock``, whose tasks run inline where they are resumed, and a cancellation resumes
/// them from inside the runtime's cancellation.
package protocol CancelsStartedTasks {
    /// Cancels `task`; whatever the cancellation resumes runs elsewhere, not inside it.
    func cancelStartedTask(_ task: Task<Void, Never>)
}

extension TimerClock {
    /// Cancels `task`, which ``startTask(_:)`` started: through the clock when it asks for that
    /// (``CancelsStartedTasks``), else plainly.
    package func cancel(startedTask task: Task<Void, Never>) {
        if let clock = self as? any CancelsStartedTasks {
            clock.cancelStartedTask(task)
        } else {
            task.cancel()
        }
    }
}
