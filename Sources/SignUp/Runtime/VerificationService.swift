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
    /// Sends a code to `destination` by `channel`: a call when the person taps "Call me".
    ///
    /// The default sends by ``requestCode(to:)`` when `channel` is the destination's default
    /// (`CodeChannel.default(for:)`), and throws ``CodeRequestError/channelRefused(_:)``
    /// otherwise: a service that cannot choose never texts when a call was asked. Set
    /// ``VerificationConfig/offersCalls`` to false when the backend makes no calls.
    /// - Throws: ``CodeRequestError``; anything else counts as ``CodeRequestError/network``.
    func requestCode(to destination: Destination, by channel: CodeChannel) async throws -> CodeReceipt
    /// Checks `code` for `destination`.
    /// - Throws: ``CodeCheckError``; anything else counts as ``CodeCheckError/network``.
    func verify(code: Secret, for destination: Destination) async throws -> VerificationProof
    /// Creates the account once its destination is verified.
    /// - Throws: ``RegistrationError``; anything else counts as ``RegistrationError/network``.
    func register(_ request: RegistrationRequest) async throws
}

extension VerificationService {
    /// Sends by ``requestCode(to:)`` when `channel` is `destination`'s default; else throws
    /// ``CodeRequestError/channelRefused(_:)``.
    public func requestCode(to destination: Destination, by channel: CodeChannel) async throws -> CodeReceipt {
        guard channel == CodeChannel.default(for: destination) else { throw CodeRequestError.channelRefused(channel) }
        return try await requestCode(to: destination)
    }
}
