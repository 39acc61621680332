/// Where codes, limits, proofs and accounts live, shared by every instance of the server that
/// uses it. Each operation is one transaction: what it reads is locked until it has written
/// what the ledger decided, so two instances can never both send within one cooldown.
protocol VerificationStore: Sendable {
    /// Creates the tables when missing.
    func prepare() async throws

    /// Reads the destination's row (locking it) and its windows, lets `decide` choose, and
    /// writes the decision: the new row, the send logged, the superseded code kept.
    func send(
        key: String, address: String, now: Int64, window: Int64,
        decide: @escaping @Sendable (VerificationLedger.SendState) -> VerificationLedger.SendDecision
    ) async throws -> VerificationLedger.SendDecision

    /// Reads the destination's row (locking it), the address's failures and the superseded
    /// codes, lets `decide` choose, and writes the decision.
    func check(
        key: String, address: String, now: Int64, window: Int64,
        decide: @escaping @Sendable (VerificationLedger.CheckState) -> VerificationLedger.CheckDecision
    ) async throws -> VerificationLedger.CheckDecision

    /// Whether the proof whose hash is `proofHash` is unused, alive and for `destination`.
    func proofIsValid(_ proofHash: [UInt8], for destination: String, now: Int64) async throws -> Bool

    /// Uses the proof up and creates the account, in one transaction.
    func createAccount(
        destination: String, proofHash: [UInt8], passwordHash: String, now: Int64
    ) async throws -> AccountOutcome

    /// Ends the connections.
    func close() async throws
}

/// What became of an account's creation.
enum AccountOutcome: Sendable, Hashable {
    case created
    case exists
    case invalidProof
}
