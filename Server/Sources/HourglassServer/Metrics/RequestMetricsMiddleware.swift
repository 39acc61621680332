import HTTPTypes
import Hummingbird

/// Times every request, by operation and status, into ``ServerMetrics``: first among the
/// middleware, so that the time includes every refusal (a body too large, a problem answer).
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = ContinuousClock.now
        let operation = Self.operation(request.method, request.uri.path)
        do {
            let response = try await next(request, context)
            metrics.request(operation, status: response.status.code, took: ContinuousClock.now - start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            metrics.request(operation, status: status, took: ContinuousClock.now - start)
            throw error
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
