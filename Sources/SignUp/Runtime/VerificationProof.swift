/// Proof that a destination was verified, for ``VerificationService/register(_:)``.
public struct VerificationProof: Hashable, Sendable {
    /// An opaque token from the server.
    public var token: Secret

    /// Wraps `token`.
    public init(token: Secret) {
        self.token = token
    }
}
