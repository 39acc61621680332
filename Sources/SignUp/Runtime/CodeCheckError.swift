/// Why a code was not accepted. New cases may come in a minor release: a `switch` over it ends
/// with `@unknown default`.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum CodeCheckError: Error, Hashable, Sendable {
    /// Not the code; `attemptsLeft` more tries before the lock.
    case wrongCode(attemptsLeft: Int)
    /// The code's lifetime is over.
    case expired
    /// A newer code was sent, so this one no longer works.
    case superseded
    /// Too many wrong codes: no more checks until the wait is over, and the code in play is
    /// dead (a new one is needed).
    case locked(retryAfter: Duration)
    /// Too many checks from this client right now (a limit on its network, not on the code):
    /// the code still works once the wait is over.
    case rateLimited(retryAfter: Duration)
    /// No connection, or no answer in time.
    case network
    /// The service failed: a 5xx, an answer outside its contract, a page that is not its answer.
    case serviceUnavailable
}
