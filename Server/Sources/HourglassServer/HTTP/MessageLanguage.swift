import Hummingbird

/// The `Accept-Language` of the request being handled: the language of the message that
/// carries its code (``MessageTemplates/language(accepting:)``).
enum MessageLanguage {
    @TaskLocal static var accepted: String?
}

/// Puts the request's `Accept-Language` in ``MessageLanguage/accepted`` for the handlers below
/// (up to 256 characters: no list of languages is longer).
struct MessageLanguageMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let accepted = request.headers[.acceptLanguage].map { String($0.prefix(256)) }
        return try await MessageLanguage.$accepted.withValue(accepted) { try await next(request, context) }
    }
}
