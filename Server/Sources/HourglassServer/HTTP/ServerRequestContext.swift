import Hummingbird
import NIOCore

/// The request context: Hummingbird's basic one, with the socket's peer address, and what
/// ``RequestMiddleware`` reads from the request for the handlers below it.
struct ServerRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?
    /// The limit key of the client's address (``ClientAddress/limitKey(_:)``): the socket's
    /// peer, or behind a trusted proxy the last hop of `X-Forwarded-For`.
    var clientAddress = "unknown"
    /// The request's `Accept-Language`, up to 256 characters: the language of the message that
    /// carries its code (``MessageTemplates/language(accepting:)``).
    var acceptedLanguage: String?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
