import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Ends a request that has no whole answer (headers and body) within `timeout`, whatever the
/// transport: the request's task is cancelled and the call throws ``TimedOut``.
struct TimeoutMiddleware: ClientMiddleware {
    /// The error of a request that ran out of time.
    struct TimedOut: Error {}

    let timeout: Duration

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @concurrent @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        // The group waits for both tasks before it returns, so `next` never outlives the call.
        try await withoutActuallyEscaping(next) { next in
            try await withThrowingTaskGroup(of: (HTTPResponse, HTTPBody?).self) { group in
                group.addTask {
                    // The body too, within the time: a server that sends its headers and then
                    // stalls is no answer. Answers of this API are small; 1 MiB is plenty.
                    let (response, responseBody) = try await next(request, body, baseURL)
                    guard let responseBody else { return (response, nil) }
                    return (response, HTTPBody(try await ArraySlice(collecting: responseBody, upTo: 1 << 20)))
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw TimedOut()
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else { throw CancellationError() }
                return first
            }
        }
    }
}
