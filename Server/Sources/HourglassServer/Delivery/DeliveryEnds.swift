import Logging
import Synchronization

/// Ends the pending rows of delivered codes (``PendingDelivery``) off the request's path, many
/// in one statement: one removal runs at a time, it first waits a moment (``gathering``) for
/// others to end with it, and the ids that end meanwhile go together in the next, so that under
/// load a send costs one transaction, not two: a removal that did not wait would go with the
/// one or two ids that ended while the last one ran. An id still waiting when the process dies
/// keeps its row: after its lease an instance delivers it again under the same `webhook-id`, as
/// it would had the process died before the delivery ended.
final class DeliveryEnds: Sendable {
    private let remove: @Sendable ([String]) async throws -> Void
    private let gather: @Sendable () async -> Void
    private let logger: Logger
    private let state = Mutex((waiting: [String](), removing: false))

    /// How long a removal waits for other ids before it starts: a row stays that much longer, a
    /// delivery resumed after a crash within it is sent again under its id (as one would be
    /// had the crash come before its end).
    static let gathering = Duration.milliseconds(20)

    /// Ends rows by `remove`, one call at a time, each after `gather` returns.
    init(
        logger: Logger, gather: @escaping @Sendable () async -> Void = {},
        remove: @escaping @Sendable ([String]) async throws -> Void
    ) {
        self.remove = remove
        self.gather = gather
        self.logger = logger
    }

    /// Ends rows of `store`, each removal ``gathering`` after its first id ended, timed as
    /// `end_delivery`.
    convenience init(store: any VerificationStore, metrics: ServerMetrics, logger: Logger) {
        self.init(
            logger: logger, gather: { try? await Task.sleep(for: Self.gathering) },
            remove: { ids in try await metrics.database("end_delivery") { try await store.endDeliveries(ids) } })
    }

    /// Ends `id`'s row, with the others that end before the removal under way finishes.
    func end(_ id: String) {
        let start = state.withLock { state -> Bool in
            state.waiting.append(id)
            guard !state.removing else { return false }
            state.removing = true
            return true
        }
        if start { Task { await self.removeWaiting() } }
    }

    /// Removes what waits, batch after batch, until nothing does.
    private func removeWaiting() async {
        while true {
            await gather()
            let ids = state.withLock { state -> [String] in
                let ids = state.waiting
                state.waiting = []
                if ids.isEmpty { state.removing = false }
                return ids
            }
            guard !ids.isEmpty else { return }
            do {
                try await remove(ids)
            } catch {
                // Their leases end, and an instance delivers them again, under the same ids.
                logger.warning("ending \(ids.count) deliveries failed: \(error)")
            }
        }
    }
}
