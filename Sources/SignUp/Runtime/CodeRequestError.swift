/// Why a code could not be sent. New cases may come in a minor release: a `switch` over it ends
/// with `@unknown default`.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum CodeRequestError: Error, Hashable, Sendable {
    /// No connection, or no answer in time.
    case network
    /// The service failed: a 5xx, an answer outside its contract, a page that is not its answer.
    case serviceUnavailable
    /// Too many requests right now; try again after the wait.
    case rateLimited(retryAfter: Duration)
    /// The server does not accept this number or address.
    case invalidDestination
    /// The limit of codes per window was reached; the next one is possible after the wait.
    case sendLimitReached(retryAfter: Duration)
    /// The channel asked cannot reach this destination: the server makes no calls to it, or
    /// a text was asked for a landline. Another channel may (a text where a call was refused).
    case channelRefused(CodeChannel)
}
