extension TimerClock {
    /// Cancels `task`, which ``startTask(_:)`` started. ``AdaptedClock`` runs its tasks inline
    /// where they are resumed, and a cancellation resumes them from inside the runtime's
    /// cancellation: it cancels through its executor, which sends what that resumes elsewhere.
    /// A ``ScaledClock`` cancels as its base does; every other clock plainly. (Casts, not a
    /// protocol, so that no conformance of the package's own shows in the public API.)
    package func cancel(startedTask task: Task<Void, Never>) {
        if let clock = self as? AdaptedClock {
            clock.cancelStartedTask(task)
        } else if let clock = self as? ScaledClock {
            clock.cancelStartedTask(task)
        } else {
            task.cancel()
        }
    }
}
