import Foundation
import Logging
import SignUpDomain

/// Delivers codes, and ends their pending rows (``PendingDelivery``): a send's, in a task that
/// no deadline of its request cancels, and one resumed after a restart (``DeliveryResumer``),
/// the same way.
struct Deliveries: Sendable {
    let store: any VerificationStore
    let sender: any CodeSender
    let seal: DeliverySeal
    let metrics: ServerMetrics
    let logger: Logger
    /// Ends the rows of the sends' deliveries, many at once.
    let ends: DeliveryEnds

    init(
        store: any VerificationStore, sender: any CodeSender, seal: DeliverySeal, metrics: ServerMetrics, logger: Logger
    ) {
        (self.store, self.sender, self.seal, self.metrics, self.logger) = (store, sender, seal, metrics, logger)
        ends = DeliveryEnds(store: store, metrics: metrics, logger: logger)
    }

    /// How a code's delivery ended.
    enum Outcome: Sendable {
        /// The sender delivered it.
        case delivered
        /// It may have arrived (``DeliveryOutcomeUnknown``): the send stays counted.
        case unknown
        /// It certainly did not: the send was taken back.
        case failed(any Error)
    }

    /// Delivers `record`'s message. Delivered, or perhaps delivered, its pending row goes: with
    /// others' when `endingApart` (``DeliveryEnds``: a request's answer never waits on the
    /// database for it), else before this returns. On a certain failure the send is taken back with it, so
    /// that the person may ask again at once.
    func deliver(_ record: PendingDelivery.Record, endingApart: Bool = false) async -> Outcome {
        let (store, metrics, message) = (store, metrics, record.message)
        let senderName = Self.name(of: sender)
        // Masked only for a line that is logged: masking reads the destination again.
        let masked = { Self.masked(message.destination) }
        let outcome: Outcome
        do {
            try await sender.send(message)
            metrics.delivery(by: senderName, "delivered")
            outcome = .delivered
        } catch let error as DeliveryOutcomeUnknown {
            metrics.delivery(by: senderName, "unknown")
            logger.warning("delivery to \(masked()): \(error); the send stays counted")
            outcome = .unknown
        } catch {
            metrics.delivery(by: senderName, "failed")
            do {
                try await metrics.database("undo_send") {
                    try await store.undoSend(
                        key: record.key, sentAt: record.sentAt, counters: record.counters, delivery: message.id)
                }
            } catch {
                logger.error("taking back an undelivered send to \(masked()) failed: \(error)")
            }
            return .failed(error)
        }
        if endingApart {
            ends.end(message.id)
        } else {
            await end(message.id, masked: masked)
        }
        return outcome
    }

    /// Ends the pending delivery of id `id`.
    private func end(_ id: String, masked: () -> String) async {
        do {
            try await metrics.database("end_delivery") { try await store.endDeliveries([id]) }
        } catch {
            // Its lease ends, and an instance delivers it again, under the same id.
            logger.warning("ending the delivery to \(masked()) failed: \(error)")
        }
    }

    /// `destination` masked for a log line.
    static func masked(_ destination: String) -> String {
        if case .success(let parsed) = Destination.parse(destination) { parsed.masked } else { "a destination" }
    }

    /// The sender's kind, for the metrics.
    static func name(of sender: any CodeSender) -> String {
        switch sender {
        case is WebhookSender: "webhook"
        case is Outbox: "outbox"
        default: "custom"
        }
    }
}
