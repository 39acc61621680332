import HTTPTypes
import Hummingbird
import Logging
import OpenAPIRuntime

/// The one middleware in front of every route, all it does in one pass:
/// - times the request (`hourglass_request_duration_seconds`, by operation and status);
/// - refuses a body over ``bodyLimit`` bytes before anything reads it whole (the generated server
///   would collect a JSON body of any size): a `Content-Length` over the limit unread, a
///   streamed body once it passes the limit;
/// - puts the client's address (``ClientAddress``) and `Accept-Language` (up to 256 characters:
///   no list of languages is longer) in the context;
/// - makes every error that escapes the routes an RFC 9457 problem (``problem(for:request:)``).
struct RequestMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    let metrics: ServerMetrics
    let logger: Logger
    /// The most a request's body may hold.
    let bodyLimit: Int
    /// Whether the proxy in front is trusted to say the client's address in `X-Forwarded-For`.
    let trustForwardedFor: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = ContinuousClock.now
        let response: Response
        do {
            response = try await answer(request, context, next)
        } catch {
            response = problem(for: error, request: request)
        }
        metrics.request(
            Self.operation(request.method, request.uri.path), status: response.status.code,
            took: ContinuousClock.now - start)
        return response
    }

    private func answer(
        _ request: Request, _ context: Context, _ next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > bodyLimit {
            return tooLarge
        }
        var (request, context) = (request, context)
        do {
            request.body = RequestBody(buffer: try await request.body.collect(upTo: bodyLimit))
        } catch {
            return tooLarge
        }
        var address = context.remoteAddress?.ipAddress ?? "unknown"
        if trustForwardedFor, let forwarded = request.headers[ClientAddress.forwardedFor],
            let last = ClientAddress.lastHop(forwarded)
        {
            address = last
        }
        context.clientAddress = ClientAddress.limitKey(address)
        context.acceptedLanguage = request.headers[.acceptLanguage].map { String($0.prefix(256)) }
        return try await next(request, context)
    }

    private var tooLarge: Response {
        Problems.response(.malformedRequest, status: 413, detail: "The body is over \(bodyLimit / 1_024) KiB.")
    }

    /// The contract's paths and their methods.
    static let methods = ["/v1/codes": "POST", "/v1/codes/check": "POST", "/v1/accounts": "POST", "/v1/outbox": "GET"]

    /// The problem an error that escaped the routes answers: a body the generated server could
    /// not read (a malformed JSON, a missing field, a wrong content type) is a `400`
    /// `malformed-request`, an unknown path a `404`, a documented path asked with another method
    /// a `405`, anything else a `500` `internal` that says nothing of its cause (the log has it):
    /// so is any failure once the handler was called (an answer the generated server could not
    /// write), since the request may have changed the ledger.
    func problem(for error: any Error, request: Request) -> Response {
        switch error {
        case let error as HTTPError where error.status == .notFound:
            if let allowed = Self.methods[request.uri.path] {
                var response = Problems.response(
                    .malformedRequest, status: 405, detail: "\(request.method) is not allowed here; use \(allowed).")
                response.headers[.allow] = allowed
                return response
            }
            return Problems.response(.notFound, status: 404, detail: "No such resource.")
        case let error as HTTPError where error.status == .methodNotAllowed:
            return Problems.response(.malformedRequest, status: 405, detail: "This method is not allowed here.")
        case let error as ServerError where error.operationInput != nil:
            // The request was read and handed to the handler, which may have changed the ledger:
            // its failure, or an answer that could not be written, is never a 400, which would
            // say the request did nothing.
            logger.error("request to \(request.uri.path) failed after its handler was called: \(error.underlyingError)")
            return Problems.response(.internal, status: 500, detail: "The server failed; try again later.")
        case let error as ServerError:
            logger.debug("malformed request to \(request.uri.path): \(error.underlyingError)")
            return Problems.malformed
        case let error as DirectRoutes.Malformed:
            logger.debug("malformed request to \(request.uri.path): \(error)")
            return Problems.malformed
        default:
            logger.error("request to \(request.uri.path) failed: \(error)")
            return Problems.response(.internal, status: 500, detail: "The server failed; try again later.")
        }
    }

    /// The contract's operation a request is for, or `other`: a label has few values, never a
    /// client's own path.
    static func operation(_ method: HTTPRequest.Method, _ path: String) -> String {
        switch (method, path) {
        case (.post, "/v1/codes"): "send_code"
        case (.post, "/v1/codes/check"): "check_code"
        case (.post, "/v1/accounts"): "create_account"
        default: "other"
        }
    }
}
