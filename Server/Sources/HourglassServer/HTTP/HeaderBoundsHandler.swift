import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Bounds every byte of a request's head before anything reads it as text: each header field's
/// value, the request target and its authority. What is over its bound is refused with a `431`,
/// a field the server reads holding what it may not hold with a `400`, both answered by
/// ``RequestHeadErrorHandler`` as the decoder's own refusals are.
///
/// Swift compares and splits non-ASCII text by its canonical form, and putting a run of
/// combining marks in canonical order is quadratic: `a` and 8 000 marks in reverse order cost
/// a `==` hundreds of milliseconds. Hummingbird compares `Connection` with `"close"`, the
/// generated server parses `Content-Type`, the middlewares split `X-Forwarded-For` and read
/// `Accept-Language`. So the fields the server reads (``readFields``) must be printable ASCII,
/// which every valid value of theirs is, and which Swift's string operations handle in linear
/// time; every other field is bounded to ``longestValue`` bytes and never read. Each check is a
/// pass over bytes.
///
/// First among Hummingbird's `additionalChannelHandlers`, right after the conversion to
/// `HTTPTypes` (which only validates bytes) and before ``RequestHeadErrorHandler``, which
/// answers the refusal after the answers owed to earlier requests on the connection. A refused
/// request and everything after it on the connection is dropped.
final class HeaderBoundsHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    /// The longest value of a field the server does not read, in bytes.
    static let longestValue = 8 * 1_024
    /// The longest request target (path and query) and authority, in bytes.
    static let longestTarget = 2 * 1_024
    /// The fields the server or its stack reads as text, and the longest value of each in bytes.
    static let readFields: [HTTPField.Name: Int] = [
        .contentType: 256, .contentLength: 20, .connection: 256, .acceptLanguage: 512, .accept: 1_024,
        .transferEncoding: 256, .expect: 64, forwardedFor: 1_024,
    ]
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    /// The listener's connections: a connection that owes a refusal is busy.
    let registry: ConnectionRegistry?
    /// A request was refused: the rest of the connection's input is dropped.
    private var refused = false

    init(registry: ConnectionRegistry? = nil) {
        self.registry = registry
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        if case .head(let head) = unwrapInboundIn(data), let refusal = Self.refusal(of: head) {
            refused = true
            // It owes the refusal's answer: not a connection to close for another.
            registry?.busy(context.channel)
            context.fireErrorCaught(refusal)
            return
        }
        context.fireChannelRead(data)
    }

    /// Why `head` is refused, if it is.
    static func refusal(of head: HTTPRequest) -> HeadRefusal? {
        for (name, value) in [("request target", head.path), ("authority", head.authority)] {
            guard let value else { continue }
            if value.utf8.count > longestTarget { return .tooLarge("The \(name) is over \(longestTarget) bytes.") }
            if !isPrintableASCII(value.utf8) { return .malformed("The \(name) must be printable ASCII.") }
        }
        for field in head.headerFields {
            let bytes = field.value.utf8
            if let longest = readFields[field.name] {
                if bytes.count > longest {
                    return .tooLarge("The header field \(field.name.rawName) is over \(longest) bytes.")
                }
                if !isPrintableASCII(bytes) {
                    return .malformed("The header field \(field.name.rawName) must be printable ASCII.")
                }
            } else if bytes.count > longestValue {
                return .tooLarge("The header field \(field.name.rawName) is over \(longestValue) bytes.")
            }
        }
        return nil
    }

    /// Visible ASCII, spaces and tabs: what RFC 9110 lets a field value hold but `obs-text`.
    static func isPrintableASCII(_ bytes: String.UTF8View) -> Bool {
        bytes.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0x09 }
    }
}

/// A request head refused before any router saw it, answered by ``RequestHeadErrorHandler``:
/// its status and the problem's detail (the type is always `malformed-request`).
struct HeadRefusal: Error, Equatable {
    let status: HTTPResponse.Status
    let detail: String

    static func tooLarge(_ detail: String) -> Self { .init(status: .requestHeaderFieldsTooLarge, detail: detail) }
    static func malformed(_ detail: String) -> Self { .init(status: .badRequest, detail: detail) }
}
