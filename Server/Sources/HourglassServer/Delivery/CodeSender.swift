public import Foundation

/// Delivers a code: an SMS gateway, an e-mail service — or, in the reference server, the
/// ``Outbox``. Called after the code is stored; a throw answers the client `500` (the code's
/// cooldown then holds, as for a message the gateway lost).
public protocol CodeSender: Sendable {
    /// Sends `code` to `destination` (normalised: E.164 or an e-mail address).
    func send(code: String, to destination: String, at date: Date) async throws
}
