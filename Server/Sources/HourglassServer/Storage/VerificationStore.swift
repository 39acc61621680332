/// Where codes, limits, proofs and accounts live, shared by every instance of the server that
/// uses it. Each operation is one transaction: what it reads is locked until it has written
/// what the ledger decided, so two instances can never both send within one cooldown, nor
/// overshoot a client address's limit.
protocol VerificationStore: Sendable {
    /// Creates the tables when missing.
    func prepare() async throws

    /// Reads the destination's row (locking it) and its windows (events after `since`), lets
    /// `decide` choose, and writes the decision: the new row, the send logged, the superseded
    /// code kept.
    func send(
        key: String, address: String, now: Int64, since: Int64,
        decide: @escaping @Sendable (VerificationLedger.SendState) -> VerificationLedger.SendDecision
    ) async throws -> VerificationLedger.SendDecision

    /// Reads the destination's row (locking it; a destination with none gets none made), the
    /// address's failures after `since` and the superseded codes, lets `decide` choose, and
    /// writes the decision; a failed check is logged against the address.
    func check(
        key: String, address: String, now: Int64, since: Int64,
        decide: @escaping @Sendable (VerificationLedger.CheckState) -> VerificationLedger.CheckDecision
    ) async throws -> VerificationLedger.CheckDecision

    /// Whether the proof whose hash is `proofHash` is unused, alive and for `destination`.
    func proofIsValid(_ proofHash: [UInt8], for destination: String, now: Int64) async throws -> Bool

    /// The password hash of the account `destination` made with the proof whose hash is
    /// `proofHash`, if that proof made it: a request again whose first answer was lost.
    func accountMade(with proofHash: [UInt8], for destination: String) async throws -> String?

    /// Takes back a send whose code could not be delivered (`sentAt` its instant): the code is
    /// dead, its cooldown and its place in the send limit gone.
    func undoSend(key: String, sentAt: Int64) async throws

    /// Uses the proof up and creates the account, in one transaction.
    func createAccount(
        destination: String, proofHash: [UInt8], passwordHash: String, now: Int64
    ) async throws -> AccountOutcome

    /// Removes what no rule reads any more: sends and failures before `since`, superseded codes
    /// and proofs past their end, and destinations' rows with no code, no lock and no cooldown
    /// left (sent before `idleSince`).
    func purge(now: Int64, since: Int64, idleSince: Int64) async throws

    /// How many rows of `codes` and of `sends` one destination has (for tests: the purge's).
    func rowCounts(of limitKey: String) async throws -> (codes: Int, sends: Int)
}

/// What became of an account's creation.
enum AccountOutcome: Sendable, Hashable {
    case created
    case exists
    case invalidProof
}
