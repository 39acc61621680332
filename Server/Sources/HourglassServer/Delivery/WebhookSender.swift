import AsyncHTTPClient
import Crypto
public import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Delivers each code to a webhook, as the Standard Webhooks specification signs one: the
/// provider's adapter (an SMS gateway, an e-mail service) receives it and sends the text.
///
/// A delivery is a `POST` of JSON (`{"type": "verification.code", "timestamp": …, "data": {…the
/// ``CodeMessage``…}}`) with `webhook-id` (the message's ``CodeMessage/id``: the same on every
/// attempt of one message, and when a restarted server resumes it),
/// `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,` and the base64 HMAC-SHA256
/// of `id.timestamp.body` with the secret). Any 2xx delivers it. A timeout, a connection
/// failure, a 5xx, a 408 or a 429 is tried again after 0.25 s, then 0.5 s, … up to ``attempts``
/// times while the code lives; a 3xx or another 4xx is final. No redirect is followed: one would
/// carry the code, the destination and the signature to wherever it points.
///
/// A delivery is taken back (``Failure`` thrown) only when no attempt can have reached the
/// webhook with the message: every attempt was answered with a failing status, or got no
/// connection (none could be made, or none came free in the pool). When an attempt failed
/// otherwise (a timeout, a connection lost, a TLS failure: the request may have been written),
/// the webhook may have sent the text: ``DeliveryOutcomeUnknown`` is thrown and the send stays
/// counted. This errs toward counting a send that did not go out, never toward a free one.
public struct WebhookSender: CodeSender {
    /// What a delivery ended with, when it was certainly not delivered.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The webhook answered this status (after the attempts, or at once for a final one).
        case status(Int)
        /// No connection could be made: the attempts' last error.
        case unreachable(String)

        public var description: String {
            switch self {
            case .status(let status): "the webhook answered \(status)"
            case .unreachable(let reason): "the webhook was not reached: \(reason)"
            }
        }
    }

    /// The webhooks' own client: redirects refused, a connection made within a second, at
    /// most 16 connections to the webhook's host (more deliveries wait for one).
    static let client = HTTPClient(
        eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
        configuration: HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: .seconds(1)),
            connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 16)))

    let url: URL
    let secret: [UInt8]
    let timeout: Duration
    let attempts: Int

    /// A sender to `url`, signing with `secret` (`whsec_` and base64, as Standard Webhooks
    /// writes it, or the base64 alone); each attempt bounded by `timeout`. Requests go through
    /// the webhooks' own ``client``.
    public init(url: URL, secret: String, timeout: Duration = .seconds(2), attempts: Int = 3) throws(ServerSetupError) {
        let encoded = secret.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let key = Data(base64Encoded: encoded.hasPrefix("whsec_") ? String(encoded.dropFirst(6)) : encoded),
            key.count >= 16
        else { throw .webhook("the webhook secret must be whsec_ and base64 of 16 bytes or more") }
        guard url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw .webhook("the webhook URL must be http:// or https://, not '\(url.absoluteString)'")
        }
        self.url = url
        self.secret = Array(key)
        self.timeout = timeout
        self.attempts = max(1, attempts)
    }

    public func send(_ message: CodeMessage) async throws {
        let id = message.id
        let body = try Self.encoder.encode(Envelope(timestamp: message.sentAt, data: message))
        var last: Failure = .unreachable("no attempt")
        /// Why an attempt may have delivered it, if one may have.
        var uncertain: String?
        for attempt in 0..<attempts {
            if attempt > 0 {
                let pause = Duration.milliseconds(250 << (attempt - 1))
                guard Date().addingTimeInterval(Self.seconds(pause)) < message.expiresAt else { break }
                // Cancelled meanwhile: what the attempts so far left is the outcome.
                do { try await Task.sleep(for: pause) } catch { break }
            }
            do {
                let status = try await post(body, id: id)
                if (200..<300).contains(status) { return }
                last = .status(status)
                if (300..<500).contains(status), status != 408, status != 429 { break }
            } catch {
                if Self.neverConnected(error) {
                    last = .unreachable(String(describing: error))
                } else {
                    uncertain = String(describing: error)
                }
            }
        }
        if let uncertain { throw DeliveryOutcomeUnknown(reason: "the webhook did not answer: \(uncertain)") }
        throw last
    }

    /// Whether `error` says that no connection was made, so that nothing reached the webhook.
    static func neverConnected(_ error: any Error) -> Bool {
        switch error {
        case let error as HTTPClientError: error == .connectTimeout || error == .getConnectionFromPoolTimeout
        case is NIOConnectionError, is SocketAddressError: true
        case let error as IOError: [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH].contains(error.errnoCode)
        default: false
        }
    }

    /// One attempt; the webhook's status.
    private func post(_ body: Data, id: String) async throws -> Int {
        let timestamp = String(Int(Date().timeIntervalSince1970))
        let signed = Data("\(id).\(timestamp).".utf8) + body
        let signature = Data(HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: secret)))
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/json")
        request.headers.add(name: "webhook-id", value: id)
        request.headers.add(name: "webhook-timestamp", value: timestamp)
        request.headers.add(name: "webhook-signature", value: "v1," + signature.base64EncodedString())
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await Self.client.execute(request, timeout: .nanoseconds(timeout.nanoseconds))
        // Read to its end (bounded), so the connection can be used again.
        _ = try? await response.body.collect(upTo: 64 * 1_024)
        return Int(response.status.code)
    }

    private struct Envelope: Encodable {
        var type = "verification.code"
        var timestamp: Date
        var data: CodeMessage
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private static func seconds(_ duration: Duration) -> TimeInterval {
        TimeInterval(duration.components.seconds) + TimeInterval(duration.components.attoseconds) / 1e18
    }
}

extension Duration {
    /// Whole nanoseconds.
    var nanoseconds: Int64 { components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000 }
}
