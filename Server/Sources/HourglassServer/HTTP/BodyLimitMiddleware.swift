import Hummingbird

/// Refuses a body over `limit` bytes before anything reads it whole: the generated server
/// would collect a JSON body of any size. A `Content-Length` over the limit is refused unread;
/// a streamed body is collected up to it.
struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let limit: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            return Self.tooLarge(limit)
        }
        var request = request
        do {
            request.body = RequestBody(buffer: try await request.body.collect(upTo: limit))
        } catch {
            return Self.tooLarge(limit)
        }
        return try await next(request, context)
    }

    private static func tooLarge(_ limit: Int) -> Response {
        Problems.response(.malformedRequest, status: 413, detail: "The body is over \(limit / 1_024) KiB.")
    }
}
