import Foundation
import HTTPTypes
import Hummingbird
import Logging
import OpenAPIRuntime

/// Every error that escapes the handlers becomes an RFC 9457 problem: a body the generated
/// server could not read (a malformed JSON, a missing field, a wrong content type) is a `400`
/// `malformed-request`, an unknown path a `404`, anything else a `500` `internal` that says
/// nothing of its cause (the log has it): so is any failure once the handler was called (an
/// answer the generated server could not write), since the request may have changed the ledger.
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    /// The contract's paths and their methods.
    static var methods: [String: String] {
        ["/v1/codes": "POST", "/v1/codes/check": "POST", "/v1/accounts": "POST", "/v1/outbox": "GET"]
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            // A documented path asked with another method: 405, and the methods it has.
            if let allowed = Self.methods[request.uri.path] {
                var response = Problems.response(
                    .malformedRequest, status: 405, detail: "\(request.method) is not allowed here; use \(allowed).")
                response.headers[.allow] = allowed
                return response
            }
            return Problems.response(.notFound, status: 404, detail: "No such resource.")
        } catch let error as HTTPError where error.status == .methodNotAllowed {
            return Problems.response(.malformedRequest, status: 405, detail: "This method is not allowed here.")
        } catch let error as ServerError where error.operationInput != nil {
            // The request was read and handed to the handler, which may have changed the ledger:
            // its failure, or an answer that could not be written, is never a 400, which would
            // say the request did nothing.
            logger.error("request to \(request.uri.path) failed after its handler was called: \(error.underlyingError)")
            return Problems.response(.internal, status: 500, detail: "The server failed; try again later.")
        } catch let error as ServerError {
            logger.debug("malformed request to \(request.uri.path): \(error.underlyingError)")
            return Problems.response(
                .malformedRequest, status: 400, detail: "The request is not of the documented shape.")
        } catch {
            logger.error("request to \(request.uri.path) failed: \(error)")
            return Problems.response(.internal, status: 500, detail: "The server failed; try again later.")
        }
    }
}
