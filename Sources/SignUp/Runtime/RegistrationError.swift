/// Why registration failed. New cases may come in a minor release: a `switch` over it ends with
/// `@unknown default`.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum RegistrationError: Error, Hashable, Sendable {
    /// No connection, or no answer in time.
    case network
    /// The service failed: a 5xx, an answer outside its contract, a page that is not its answer.
    case serviceUnavailable
    /// The account exists already (told only after verification).
    case accountExists
    /// The server refused the password, for these reasons (the client words them; empty when
    /// the server gave none it knows).
    case weakPassword([PasswordProblem])
    /// The proof is expired, used, or for another destination: the verification is undone
    /// (the destination kept), and a new code leads to a new proof.
    case proofRejected
}
