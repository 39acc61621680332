import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOFoundationCompat
@_spi(Generated) import OpenAPIRuntime

/// `POST /v1/codes` and `POST /v1/codes/check`, the operations a client calls most, served
/// straight from Hummingbird's router: the body decoded into the contract's generated type,
/// ``VerificationAPI`` asked, and its answer (the generated `Output`) written into one buffer
/// by ``JSONWriter``.
///
/// The generated server's runtime path — its request and body streams, its middleware chain,
/// its converter's generic steps — is left for these two operations, and what it does for them
/// is done here the same way: the same content types accepted (the converter's own rule), the
/// same types decoded, the same answers, byte for byte, which `DirectRoutesTests` holds against
/// the generated server for every case of both outputs. The other operations go through the
/// generated server (``RouterTransport``).
///
/// Of any operations (``VerificationAPI`` in the server), so that the test can serve the same
/// answers both ways.
struct DirectRoutes {
    let api: any DirectOperations

    /// The paths served here.
    static let paths: Set<String> = ["/v1/codes", "/v1/codes/check"]

    func add(to router: Router<ServerRequestContext>) {
        let api = api
        router.post("v1/codes") { request, context in
            let body = try await Self.decode(Components.Schemas.SendCodeRequest.self, from: request)
            return Self.response(
                await api.send(body, from: context.clientAddress, accepting: context.acceptedLanguage))
        }
        router.post("v1/codes/check") { request, context in
            let body = try await Self.decode(Components.Schemas.CheckCodeRequest.self, from: request)
            return Self.response(await api.check(body, from: context.clientAddress))
        }
    }

    /// A body the contract does not describe: ``RequestMiddleware`` answers it `400`
    /// `malformed-request`, as it answers the generated server's.
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// The request's JSON body as `Body`. As the generated server, accepts a request without a
    /// `Content-Type` (or with one it cannot parse) as JSON, and refuses one that does not match
    /// `application/json`.
    static func decode<Body: Decodable>(_ type: Body.Type, from request: Request) async throws -> Body {
        if let contentType = request.headers[.contentType], contentType != "application/json" {
            do {
                _ = try converter.bestContentType(
                    received: converter.extractContentTypeIfPresent(in: request.headers), options: ["application/json"])
            } catch {
                throw Malformed(description: "content type \(contentType)")
            }
        }
        // Read whole and bounded already by RequestMiddleware.
        let bytes = try await request.body.collect(upTo: .max)
        do {
            return try decoder.decode(Body.self, from: bytes)
        } catch {
            throw Malformed(description: "\(error)")
        }
    }

    /// The answer to a send.
    static func response(_ output: Operations.SendCode.Output) -> Response {
        switch output {
        case .ok(let answer):
            switch answer.body {
            case .json(let body): json(200, body.json)
            }
        case .badRequest(let answer):
            switch answer.body {
            case .applicationProblemJson(let body): problem(400, body)
            }
        case .contentTooLarge(let answer):
            switch answer.body {
            case .applicationProblemJson(let body): problem(413, body)
            }
        case .requestHeaderFieldsTooLarge(let answer):
            switch answer.body {
            case .applicationProblemJson(let body): problem(431, body)
            }
        case .unprocessableContent(let answer):
            switch answer.body {
            case .applicationProblemJson(let body): problem(422, body)
            }
        case .tooManyRequests(let answer):
            switch answer.body {
            case .applicationProblemJson(let body): problem(429, body, retryAfter: answer.headers.retryAfter)
            }
        case .internalServerError(let answer):
            switch answer.body {
            case .applicationProblemJson(let body): problem(500, body)
            }
        case .serviceUnavailable(let answer):
            switch answer.body {
            case .applicationProblemJson(let body): problem(503, body)
            }
        case .undocumented(let status, _): Response(status: .init(code: status))
        }
    }

    /// The answer to a check.
    static func response(_ output: Operations.CheckCode.Output) -> Response {
        switch output {
        case .ok(let answer):
            switch answer.body {
            case .json(let body): json(200, body.json)
            }
        case .badRequest(let answer):
            switch answer.body {
            case .applicationProblemJson(let body): problem(400, body)
            }
        case .contentTooLarge(let answer):
            switch answer.body {
            case .applicationProblemJson(let body): problem(413, body)
            }
        case .requestHeaderFieldsTooLarge(let answer):
            switch answer.body {
            case .applicationProblemJson(let body): problem(431, body)
            }
        case .gone(let answer):
            switch answer.body {
            case .applicationProblemJson(let body): problem(410, body)
            }
        case .unprocessableContent(let answer):
            switch answer.body {
            case .applicationProblemJson(let body): problem(422, body)
            }
        case .tooManyRequests(let answer):
            switch answer.body {
            case .applicationProblemJson(let body): problem(429, body, retryAfter: answer.headers.retryAfter)
            }
        case .internalServerError(let answer):
            switch answer.body {
            case .applicationProblemJson(let body): problem(500, body)
            }
        case .serviceUnavailable(let answer):
            switch answer.body {
            case .applicationProblemJson(let body): problem(503, body)
            }
        case .undocumented(let status, _): Response(status: .init(code: status))
        }
    }

    private static func problem(
        _ status: Int, _ problem: Components.Schemas.Problem, retryAfter: String? = nil
    ) -> Response {
        answer(status, problem.json, contentType: "application/problem+json; charset=utf-8", retryAfter: retryAfter)
    }

    private static func json(_ status: Int, _ body: ByteBuffer) -> Response {
        answer(status, body, contentType: "application/json; charset=utf-8", retryAfter: nil)
    }

    /// `body` with the headers the generated server writes, in its order.
    private static func answer(_ status: Int, _ body: ByteBuffer, contentType: String, retryAfter: String?) -> Response
    {
        var headers = HTTPFields()
        if let retryAfter { headers[.retryAfter] = retryAfter }
        headers[.contentType] = contentType
        headers[.contentLength] = String(body.readableBytes)
        return Response(status: .init(code: status), headers: headers, body: .init(byteBuffer: body))
    }

    private static let converter = Converter(configuration: .init())
    private static let decoder = JSONDecoder()
}

/// The operations ``DirectRoutes`` serves, asked with what ``RequestMiddleware`` put in the context.
protocol DirectOperations: Sendable {
    /// A send of `body` from the client whose address's limit key is `address`, its message in
    /// the language `accepted` (the request's `Accept-Language`) prefers.
    func send(
        _ body: Components.Schemas.SendCodeRequest, from address: String, accepting accepted: String?
    ) async -> Operations.SendCode.Output
    /// A check of `body` from the client whose address's limit key is `address`.
    func check(_ body: Components.Schemas.CheckCodeRequest, from address: String) async -> Operations.CheckCode.Output
}
