/// The server side of sign-up: sends codes, checks them, registers accounts — the app's
/// code, written with async/await.
///
/// A view-model runs each call in a task it owns: it cancels the task when a newer call of the
/// same kind supersedes it or when the model goes away, drops the reply of any call that is
/// not the newest, and applies the reply on its clock's context, whatever thread the call
/// finishes on. Throw the matching error type (``CodeRequestError``, ``CodeCheckError``,
/// ``RegistrationError``) to say why the server refused a call; any other error is a failure:
/// shown as `.serviceUnavailable` when it is a ``ServiceFault`` that says so (a 5xx, an answer
/// outside the contract), else as `.network` (a `URLError`, a timeout). Answers must not tell an
/// existing account from a new one before the code is verified (no account enumeration).
///
/// The three error types may gain cases in a minor release, as a server learns to say more: a
/// `switch` over one of them ends with `@unknown default`.
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

/// Why a code could not be sent. New cases may come in a minor release: a `switch` over it ends
/// with `@unknown default`.
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

/// Why a code was not accepted. New cases may come in a minor release: a `switch` over it ends
/// with `@unknown default`.
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

/// Why registration failed. New cases may come in a minor release: a `switch` over it ends with
/// `@unknown default`.
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

/// Whether an error the models show is a failure of the network or the service, not a
/// server's refusal: only failures reach `onServiceFailure`.
protocol ServiceOutcome {
    /// Whether the call failed (`.network`, `.serviceUnavailable`) rather than being refused.
    var isServiceFailure: Bool { get }
}

extension CodeRequestError: ServiceOutcome {
    var isServiceFailure: Bool { self == .network || self == .serviceUnavailable }
}

extension CodeCheckError: ServiceOutcome {
    var isServiceFailure: Bool { self == .network || self == .serviceUnavailable }
}

extension RegistrationError: ServiceOutcome {
    var isServiceFailure: Bool { self == .network || self == .serviceUnavailable }
}
