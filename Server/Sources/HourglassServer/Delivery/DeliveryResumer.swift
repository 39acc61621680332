import Foundation
import Logging
import ServiceLifecycle
import SignUpDomain

/// Resumes, every 5 s, the deliveries whose lease is over: those of a server killed mid-way
/// (`kill -9` between webhook attempts, a crash, a lost machine), which the store kept from
/// their send's transaction. Each goes out under its own id, as its first attempts did; a
/// certain failure takes its send back. Several instances may resume on one database: each
/// delivery is taken by one (its lease renewed in one statement). A graceful shutdown ends the
/// wait at once.
struct DeliveryResumer: Service {
    let store: any VerificationStore
    let deliveries: Deliveries
    let clock: any WallClock
    let logger: Logger

    /// How long between two looks at the store.
    static let interval = Duration.seconds(5)
    /// How many deliveries one look takes at most.
    static let batch = 64

    func run() async throws {
        while true {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: Self.interval) }
            } catch {
                return
            }
            await resumeDue()
        }
    }

    /// Takes the deliveries whose lease is over at the clock's time now, and delivers them;
    /// returns how many it took.
    @discardableResult
    func resumeDue() async -> Int {
        let now = clock.now.millisecondsSince1970
        let due: [PendingDelivery]
        do {
            due = try await deliveries.metrics.database("take_deliveries") {
                try await store.takeDeliveries(
                    now: now, leaseUntil: now + PendingDelivery.lease.milliseconds, limit: Self.batch)
            }
        } catch {
            logger.warning("looking for deliveries to resume failed: \(error)")
            return 0
        }
        await withTaskGroup(of: Void.self) { group in
            for pending in due { group.addTask { await self.resume(pending) } }
        }
        return due.count
    }

    /// Opens `pending` and delivers it.
    private func resume(_ pending: PendingDelivery) async {
        guard let record = try? deliveries.seal.record(of: pending) else {
            // Sealed by another key (the key file changed): no instance can open it.
            logger.error("a pending delivery (\(pending.id)) does not open with this key; dropped")
            try? await store.endDeliveries([pending.id])
            return
        }
        logger.notice("resuming the delivery to \(Deliveries.masked(record.message.destination)) (\(pending.id))")
        _ = await deliveries.deliver(record)
    }
}
