extension Task where Success == Void, Failure == Never {
    /// A task that prefers `executor` (a `TaskExecutor`, where the system has them) and holds
    /// it until it ends: a task preference does not, and the clock that made the executor may
    /// go first. An ordinary task when there is no executor.
    static func preferring(_ executor: (any Sendable)?, _ operation: @escaping @Sendable () async -> Void) -> Self {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
            let executor = executor as? any TaskExecutor
        {
            return Task(executorPreference: executor) { [executor] in
                await operation()
                withExtendedLifetime(executor) {}
            }
        }
        return Task { await operation() }
    }
}
