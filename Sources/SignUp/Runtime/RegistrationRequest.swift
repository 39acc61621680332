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
