import Foundation
import NIOCore

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

extension PendingDelivery.Record {
    /// The record as JSON: what `JSONEncoder` writes of it with dates as milliseconds since 1970
    /// (its `Codable` conformance, which ``DeliverySeal`` decodes), written by ``JSONWriter``.
    /// `JSONWriterTests` holds that it decodes to what `JSONEncoder`'s encoding decodes to.
    /// - Throws: ``JSONWriter/NonFinite`` for a date that is no finite number of milliseconds.
    var json: ByteBuffer {
        get throws {
            var json = JSONWriter(capacity: 512 + message.text.utf8.count)
            json.openObject()
            json.key("message")
            try message.write(to: &json)
            json.key("key")
            json.string(key)
            json.key("sentAt")
            json.integer(sentAt)
            json.key("counters")
            json.openArray()
            for counter in counters {
                json.element()
                json.openObject()
                json.key("scope")
                json.string(counter.scope)
                json.key("start")
                json.integer(counter.start)
                json.closeObject()
            }
            json.closeArray()
            json.closeObject()
            return json.buffer
        }
    }
}

extension CodeMessage {
    /// Writes the message as its `Codable` conformance does, dates as milliseconds since 1970.
    fileprivate func write(to json: inout JSONWriter) throws(JSONWriter.NonFinite) {
        json.openObject()
        json.key("destination")
        json.string(destination)
        json.key("channel")
        json.string(channel.rawValue)
        json.key("code")
        json.string(code)
        json.key("language")
        json.string(language)
        json.key("text")
        json.string(text)
        json.key("sentAt")
        try json.number(sentAt.timeIntervalSince1970 * 1_000)
        json.key("expiresAt")
        try json.number(expiresAt.timeIntervalSince1970 * 1_000)
        json.key("id")
        json.string(id)
        if let segments {
            json.key("segments")
            json.integer(segments)
        }
        json.closeObject()
    }
}
