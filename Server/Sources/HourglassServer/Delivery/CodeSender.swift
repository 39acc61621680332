public import Foundation
import SignUpDomain

/// Delivers a code: an SMS or e-mail provider behind a webhook (``WebhookSender``) — or, in
/// development, the ``Outbox``. Called once the code is stored, in a task of its own that no
/// database deadline cancels. A throw means the code was not delivered: it is taken back (its
/// cooldown, its place in the limits and budgets) and the client is answered `500`, so that the
/// person may ask again at once. A sender that cannot tell (a timeout after its request was
/// written) throws ``DeliveryOutcomeUnknown``: the send then stays counted and is answered as
/// sent, or a provider that answers slowly would make every send free.
///
/// A message whose delivery did not end (its server was killed mid-way) is sent again by
/// another instance, or the restarted one, with the same ``CodeMessage/id``: a receiver
/// deduplicates on it.
public protocol CodeSender: Sendable {
    /// Delivers `message`.
    func send(_ message: CodeMessage) async throws
}

/// A delivery that may have reached the person: the send stays counted.
public struct DeliveryOutcomeUnknown: Error, Sendable, CustomStringConvertible {
    /// Why the outcome is not known.
    public var reason: String

    /// An unknown outcome, for `reason`.
    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { "the delivery's outcome is unknown: \(reason)" }
}

/// One code to deliver, with its text in the person's language.
public struct CodeMessage: Sendable, Hashable, Codable {
    /// How the destination is reached.
    public enum Channel: String, Sendable, Hashable, Codable {
        /// A text message.
        case sms
        /// A call: the provider says ``CodeMessage/text``.
        case voice
        /// An e-mail.
        case email
    }

    /// Where it goes: E.164 or an e-mail address (normalised).
    public var destination: String
    /// `sms` or `voice` for a phone number (the send's channel: `CodeChannel`), `email` for an
    /// address.
    public var channel: Channel
    /// The code.
    public var code: String
    /// The language of ``text`` (a BCP 47 tag of the built-in languages): the request's
    /// `Accept-Language`, English when it names none of them.
    public var language: String
    /// The message: the code and the minutes it lives, in ``language``; for a call, the words
    /// to say, the code's digits apart and twice.
    public var text: String
    /// When the code was sent.
    public var sentAt: Date
    /// When the code stops working: a delivery retried after it is pointless.
    public var expiresAt: Date
    /// The delivery's own id (`msg_` and a UUID): the same on every attempt, and after a
    /// restart, so that a receiver can tell a message again from a new one (the webhook's
    /// `webhook-id`).
    public var id: String
    /// The SMS segments ``text`` takes (GSM 03.38: 160 GSM 7-bit septets or 70 UCS-2 units in
    /// one), as a provider bills it; nil for an e-mail.
    public var segments: Int?

    /// A message; a new ``id`` unless one is given.
    public init(
        destination: String, channel: Channel, code: String, language: String, text: String, sentAt: Date,
        expiresAt: Date, id: String = CodeMessage.newID(), segments: Int? = nil
    ) {
        self.id = id
        self.segments = segments
        self.destination = destination
        self.channel = channel
        self.code = code
        self.language = language
        self.text = text
        self.sentAt = sentAt
        self.expiresAt = expiresAt
    }

    /// A new delivery id: `msg_` and a lower-case UUID.
    public static func newID() -> String { "msg_" + UUID().uuidString.lowercased() }
}

extension CodeMessage.Channel {
    /// The message channel of a send's `channel`, of the same name; nil for a channel a later
    /// domain module adds, which this server cannot deliver by (the send is refused, reason
    /// `channel`, never sent by another).
    init?(_ channel: CodeChannel) {
        self.init(rawValue: channel.rawValue)
    }
}
