import Foundation

/// A code whose delivery has not ended, as the store keeps it from the send's own transaction
/// until the delivery ends (`deliveries`): a server killed mid-delivery (`kill -9` between two
/// webhook attempts) leaves it there, and an instance resumes it once its lease is over
/// (``DeliveryResumer``). Its message is sealed (``DeliverySeal``): the table never holds a
/// code in the clear.
struct PendingDelivery: Sendable, Hashable {
    /// The message's id (``CodeMessage/id``).
    var id: String
    /// When the code stops working (milliseconds since 1970): a delivery not resumed by then
    /// is dropped.
    var expiresAt: Int64
    /// Until when (milliseconds since 1970) the instance that holds it may still be delivering
    /// it: no other takes it before.
    var leaseUntil: Int64
    /// The sealed ``Record``.
    var sealed: [UInt8]

    /// What a delivery needs after a restart: the message, and what to take back if it
    /// certainly fails.
    struct Record: Sendable, Hashable, Codable {
        var message: CodeMessage
        /// The destination's limit key and the send's instant (milliseconds since 1970).
        var key: String
        var sentAt: Int64
        /// The counters the send bumped.
        var counters: [WindowCounter]
    }

    /// How long an instance holds a delivery it began: longer than the webhook's attempts can
    /// take (3 of 2 s, 0.75 s apart). A sender slower than that may see a message twice, with
    /// one id.
    static let lease = Duration.seconds(30)
}
