import HTTPTypes
import Hummingbird

/// Removes the request's `Accept` header before the generated server sees it, so that every
/// answer is its documented status and body whatever the client accepts.
///
/// The contract has one representation per answer: JSON for a success, an RFC 9457 problem
/// (`application/problem+json`) for an error, so there is nothing to negotiate. The generated
/// server compares `Accept` with the answer's content type (`validateAcceptIfPresent`) only in
/// its serializer, after the handler ran: `Accept: application/json`, which most clients send,
/// turned a counted wrong code (`422`) or a cooldown (`429`) into a `400` after the request had
/// changed the ledger. Refusing with `406` beforehand is no better: which representation an
/// answer takes is known only once the handler decided. So the header is disregarded, as
/// RFC 9110 §12.5.1 allows (the answer is treated as not subject to negotiation), and the
/// generated check, which only looks at an `Accept` that is present, always passes.
struct AcceptMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard request.headers[.accept] != nil else { return try await next(request, context) }
        var head = request.head
        head.headerFields[.accept] = nil
        return try await next(Request(head: head, body: request.body), context)
    }
}
