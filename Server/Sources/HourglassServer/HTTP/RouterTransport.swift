import HTTPTypes
import Hummingbird
import NIOCore
import OpenAPIRuntime

/// The generated API's operations on Hummingbird's router, each answer written whole.
///
/// `swift-openapi-hummingbird`'s transport streams every answer through a writer: the head, the
/// body and its end go out as three writes, each flushed, where an answer in one buffer goes as
/// one. This server's answers are small JSON documents the generated code has already encoded,
/// so the transport collects each into one buffer, and hands the generated code the request
/// body that ``BodyLimitMiddleware`` has already read and bounded, as bytes.
struct RouterTransport<Context: RequestContext>: ServerTransport {
    let router: Router<Context>
    /// The most a body may hold; ``BodyLimitMiddleware`` answers `413` past it first.
    let bodyLimit: Int

    func register(
        _ handler:
            @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
                HTTPResponse, HTTPBody?
            ),
        method: HTTPRequest.Method,
        path: String
    ) throws {
        let bodyLimit = bodyLimit
        router.on(RouterPath(path), method: method) { request, context in
            // Read whole already by BodyLimitMiddleware: collecting it again takes no time.
            let bytes = try await request.body.collect(upTo: bodyLimit)
            let parameters = [String: Substring](
                context.parameters.map { (String($0.0), $0.1) }, uniquingKeysWith: { first, _ in first })
            let (head, body) = try await handler(
                request.head, HTTPBody(bytes.readableBytesView), ServerRequestMetadata(pathParameters: parameters))
            var answer = ByteBuffer()
            if let body {
                for try await chunk in body { answer.writeBytes(chunk) }
            }
            return Response(status: head.status, headers: head.headerFields, body: ResponseBody(byteBuffer: answer))
        }
    }
}
