/// The server side of sign-up: sends codes, checks them, registers accounts — the app's
/// code, written with async/await.
///
/// A view-model runs each call in a task it owns: it cancels the task when a newer call of the
/// same kind supersedes it or when the model goes away, drops the reply of any call that is
/// not the newest, and applies the reply on its clock's context, whatever thread the call
/// finishes on. Throw the matching error type (``CodeRequestError``, ``CodeCheckError``,
/// ``RegistrationError``) to say why a call failed; any other error (a `URLError`, a decoding
/// error) is shown as `.network`. Answers must not tell an existing account from a new one
/// before the code is verified (no account enumeration).
public protocol VerificationService: Sendable {
    /// Sends a code to `destination`.
    /// - Throws: ``CodeRequestError``; anything else counts as ``CodeRequestError/network``.
    func requestCode(to destination: Destination) async throws -> CodeReceipt
    /// Checks `code` for `destination`.
    /// - Throws: ``CodeCheckError``; anything else counts as ``CodeCheckError/network``.
    func verify(code: Secret, for destination: Destination) async throws -> VerificationProof
    /// Creates the account once its destination is verified.
    /// - Throws: ``RegistrationError``; anything else counts as ``RegistrationError/network``.
    func register(_ request: RegistrationRequest) async throws
}

/// What the server says when it has sent a code.
public struct CodeReceipt: Hashable, Sendable {
    /// When the next code may be requested, if the server decides (overrides the cooldown).
    public var resendAfter: Duration?
    /// How long the code is valid.
    public var codeLifetime: Duration
    /// How many digits the code has, if the server says: it sets the code field, over
    /// ``VerificationConfig/codeLength`` (kept in 1...16).
    public var codeLength: Int?

    /// Creates a receipt.
    public init(resendAfter: Duration? = nil, codeLifetime: Duration = .seconds(300), codeLength: Int? = nil) {
        self.resendAfter = resendAfter
        self.codeLifetime = codeLifetime
        self.codeLength = codeLength
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

/// Proof that a destination was verified, for ``VerificationService/register(_:)``.
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
    /// Too many wrong codes: no more checks until the wait is over, and the code in play is
    /// dead (a new one is needed).
    case locked(retryAfter: Duration)
    /// Too many checks from this client right now (a limit on its network, not on the code):
    /// the code still works once the wait is over.
    case rateLimited(retryAfter: Duration)
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
