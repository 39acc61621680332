import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sends `Accept-Language` with every request: the language the server writes the message that
/// carries a code in (its texts for the built-in languages, as the screens' are).
struct AcceptLanguageMiddleware: ClientMiddleware {
    /// A BCP 47 tag, such as `es` or `zh-Hant`.
    let tag: String

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @concurrent @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.acceptLanguage] = tag
        return try await next(request, body, baseURL)
    }
}
