import HTTPTypes
import Hummingbird
import NIOCore
import OpenAPIRuntime

/// The generated API's operations on Hummingbird's router, but for those ``DirectRoutes``
/// serves, each answer written whole.
///
/// `swift-openapi-hummingbird`'s transport streams every answer through a writer: the head, the
/// body and its end go out as three writes, each flushed, where an answer in one buffer goes as
/// one. This server's answers are small JSON documents the generated code has already encoded,
/// so the transport collects each into one buffer, and hands the generated code the request
/// body that ``RequestMiddleware`` has already read and bounded, as bytes. The client's address
/// and language, which the generated handlers cannot see in the context, go in
/// ``ClientAddress/current`` and ``MessageLanguage/accepted``.
///
/// The request's `Accept` header is removed before the generated server sees it, so that every
/// answer is its documented status and body whatever the client accepts. The contract has one
/// representation per answer: JSON for a success, an RFC 9457 problem
/// (`application/problem+json`) for an error, so there is nothing to negotiate. The generated
/// server compares `Accept` with the answer's content type (`validateAcceptIfPresent`) only in
/// its serializer, after the handler ran: `Accept: application/json`, which most clients send,
/// turned a counted wrong code (`422`) or a cooldown (`429`) into a `400` after the request had
/// changed the ledger. Refusing with `406` beforehand is no better: which representation an
/// answer takes is known only once the handler decided. So the header is disregarded, as
/// RFC 9110 §12.5.1 allows (the answer is treated as not subject to negotiation), and the
/// generated check, which only looks at an `Accept` that is present, always passes.
struct RouterTransport: ServerTransport {
    let router: Router<ServerRequestContext>
    /// The most a body may hold; ``RequestMiddleware`` answers `413` past it first.
    let bodyLimit: Int
    /// The paths served by routes of their own, left out here.
    var servedElsewhere: Set<String> = []

    func register(
        _ handler:
            @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
                HTTPResponse, HTTPBody?
            ),
        method: HTTPRequest.Method,
        path: String
    ) throws {
        guard !servedElsewhere.contains(path) else { return }
        let bodyLimit = bodyLimit
        router.on(RouterPath(path), method: method) { request, context in
            // Read whole already by RequestMiddleware: collecting it again takes no time.
            let bytes = try await request.body.collect(upTo: bodyLimit)
            let parameters = [String: Substring](
                context.parameters.map { (String($0.0), $0.1) }, uniquingKeysWith: { first, _ in first })
            var head = request.head
            head.headerFields[.accept] = nil
            let (answerHead, body) = try await ClientAddress.$current.withValue(context.clientAddress) {
                try await MessageLanguage.$accepted.withValue(context.acceptedLanguage) {
                    try await handler(
                        head, HTTPBody(bytes.readableBytesView), ServerRequestMetadata(pathParameters: parameters))
                }
            }
            var answer = ByteBuffer()
            if let body {
                for try await chunk in body { answer.writeBytes(chunk) }
            }
            return Response(
                status: answerHead.status, headers: answerHead.headerFields, body: ResponseBody(byteBuffer: answer))
        }
    }
}
