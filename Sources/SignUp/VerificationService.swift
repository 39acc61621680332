/// The server side of sign-up: sends codes, checks them, registers accounts.
///
/// Each call completes exactly once, from any thread. Answers must not tell an existing
/// account from a new one before the code is verified (no account enumeration).
public protocol VerificationService: Sendable {
    /// Sends a code to `destination`.
    func requestCode(to destination: Destination, completion: @escaping @Sendable (Result<CodeReceipt, CodeRequestError>) -> Void)
    /// Checks `code` for `destination`.
    func verify(code: Secret, for destination: Destination, completion: @escaping @Sendable (Result<VerificationProof, CodeCheckError>) -> Void)
    /// Creates the account once its destination is verified.
    func register(_ request: RegistrationRequest, completion: @escaping @Sendable (Result<Void, RegistrationError>) -> Void)
}

/// What the server says when it has sent a code.
public struct CodeReceipt: Hashable, Sendable {
    /// When the next code may be requested, if the server decides (overrides the cooldown).
    public var resendAfter: Duration?
    /// How long the code is valid.
    public var codeLifetime: Duration

    /// Creates a receipt.
    public init(resendAfter: Duration? = nil, codeLifetime: Duration = .seconds(300)) {
        self.resendAfter = resendAfter
        self.codeLifetime = codeLifetime
    }
}

/// Why a code could not be sent.
public enum CodeRequestError: Error, Hashable, Sendable {
    /// No connection, or no answer.
    case network
    /// Too many requests right now; try again after the wait.
    case rateLimited(retryAfter: Duration)
    /// The server does not accept this number or address.
    case invalidDestination
    /// The limit of codes per window was reached; the next one is possible after the wait.
    case sendLimitReached(retryAfter: Duration)
}

/// Proof that a destination was verified, for ``VerificationService/register(_:completion:)``.
public struct VerificationProof: Hashable, Sendable {
    /// An opaque token from the server.
    public var token: Secret

    /// Wraps `token`.
    public init(token: Secret) {
        self.token = token
    }
}

/// Why a code was not accepted.
public enum CodeCheckError: Error, Hashable, Sendable {
    /// Not the code; `attemptsLeft` more tries before the lock.
    case wrongCode(attemptsLeft: Int)
    /// The code's lifetime is over.
    case expired
    /// A newer code was sent, so this one no longer works.
    case superseded
    /// Too many wrong codes: no more checks until the wait is over.
    case locked(retryAfter: Duration)
    /// No connection, or no answer.
    case network
}

/// What registration sends.
public struct RegistrationRequest: Hashable, Sendable {
    /// The verified account.
    public var account: Destination
    /// The chosen password.
    public var password: Secret
    /// The proof from verification.
    public var proof: VerificationProof

    /// Creates a request.
    public init(account: Destination, password: Secret, proof: VerificationProof) {
        self.account = account
        self.password = password
        self.proof = proof
    }
}

/// Why registration failed.
public enum RegistrationError: Error, Hashable, Sendable {
    /// No connection, or no answer.
    case network
    /// The account exists already (told only after verification).
    case accountExists
    /// A message from the server, shown as it is.
    case server(message: String)
}
