import Foundation
import Logging
import SignUpDomain

extension VerificationAPI {
    /// How a code's delivery ended.
    enum DeliveryOutcome: Sendable {
        /// The sender delivered it.
        case delivered
        /// It may have arrived (``DeliveryOutcomeUnknown``): the send stays counted.
        case unknown
        /// It certainly did not: the send was taken back.
        case failed(any Error)
    }

    /// What a send changed, to take it back: its limit key, its instant and its counters.
    typealias SendRecord = (key: String, sentAt: Int64, counters: SendCounters)

    /// Delivers `message` in a task of its own, which no deadline of the request cancels; on a
    /// certain failure takes `send` back, so that the person may ask again at once.
    func deliver(_ message: CodeMessage, undoing send: SendRecord, to destination: Destination)
        -> Task<DeliveryOutcome, Never>
    {
        let (store, sender, metrics, logger) = (store, sender, metrics, logger)
        let senderName = Self.name(of: sender)
        return Task {
            do {
                try await sender.send(message)
                metrics.delivery(by: senderName, "delivered")
                return .delivered
            } catch let error as DeliveryOutcomeUnknown {
                metrics.delivery(by: senderName, "unknown")
                logger.warning("delivery to \(destination.masked): \(error); the send stays counted")
                return .unknown
            } catch {
                metrics.delivery(by: senderName, "failed")
                do {
                    try await metrics.database("undo_send") {
                        try await store.undoSend(key: send.key, sentAt: send.sentAt, counters: send.counters)
                    }
                } catch {
                    logger.error("taking back an undelivered send to \(destination.masked) failed: \(error)")
                }
                return .failed(error)
            }
        }
    }
}
