/// Where codes, limits, proofs and accounts live, shared by every instance of the server that
/// uses it. Each operation is one transaction: what it reads is locked until it has written
/// what the ledger decided, so two instances can never both send within one cooldown, nor
/// overshoot a client address's limit.
protocol VerificationStore: Sendable {
    /// Asks the database a trivial question: whether it answers (`/readyz`).
    func ping() async throws

    /// Brings the schema to this release's version (creating the tables in a new database), as
    /// its migrations say (`SQLiteSchema`, `PostgresSchema`).
    func prepare() async throws

    /// Reads the destination's row (locking it), its window (sends after `since`; one recorded
    /// "after now", the wall clock gone back, is clamped to now) and the counters, lets
    /// `decide` choose, and writes the decision: the new row, the send logged (from
    /// `address`), every counter bumped, the superseded code kept, and the code's delivery
    /// kept pending (`pending` makes it from the code); or, refused, the row as `decide`
    /// clamped it, when it did.
    func send(
        key: String, address: String, counters: SendCounters, now: Int64, since: Int64,
        decide: @escaping @Sendable (inout VerificationLedger.SendState) -> VerificationLedger.SendDecision,
        pending: @escaping @Sendable (_ code: String) throws -> PendingDelivery
    ) async throws -> VerificationLedger.SendDecision

    /// Reads the destination's row (locking it; a destination with none gets none made), the
    /// address's `failures` and the superseded codes, lets `decide` choose, and writes the
    /// decision (or the row as `decide` clamped it, when it did); a failed check bumps
    /// `failures`.
    func check(
        key: String, address: String, failures: WindowCounter, now: Int64, since: Int64,
        decide: @escaping @Sendable (inout VerificationLedger.CheckState) -> VerificationLedger.CheckDecision
    ) async throws -> VerificationLedger.CheckDecision

    /// A client address's failures (wrong, expired or missing codes; refused account attempts)
    /// in the counter's window; or another counter's count there (a proof's replays).
    func failures(_ counter: WindowCounter) async throws -> WindowCount

    /// Counts a refused account attempt among the client address's failures (or one more of
    /// another counter: a proof's replays).
    func logFailure(_ counter: WindowCounter) async throws

    /// Whether the proof whose hash is `proofHash` is unused, alive and for the destination
    /// whose limit key is `key` (any spelling of it).
    /// A proof ending after `latest` (the wall clock went back) is not alive either.
    func proofIsValid(_ proofHash: [UInt8], forKey key: String, now: Int64, latest: Int64) async throws -> Bool

    /// The account of limit key `key` made with the proof whose hash is `proofHash` (its
    /// destination as stored, its password hash), if that proof made it and its lifetime is
    /// not over: a request again whose first answer was lost is answered again until then,
    /// never after.
    func accountMade(
        with proofHash: [UInt8], forKey key: String, now: Int64, latest: Int64
    ) async throws -> (destination: String, passwordHash: String)?

    /// Takes back a send whose code could not be delivered (`sentAt` its instant): the code is
    /// dead, its cooldown, its place in the send limit and in every counter gone, and its
    /// pending delivery (of id `delivery`) with it.
    func undoSend(key: String, sentAt: Int64, counters: [WindowCounter], delivery: String) async throws

    /// Ends pending deliveries, in one statement: delivered, or perhaps delivered (their sends
    /// stay counted).
    func endDeliveries(_ ids: [String]) async throws

    /// The pending deliveries whose lease is over at `now` (or ends more than a lease after it:
    /// the wall clock went back), and whose code still lives, `limit` at most: each leased to
    /// the caller until `leaseUntil`, in one statement, so that no other instance takes it.
    func takeDeliveries(now: Int64, leaseUntil: Int64, limit: Int) async throws -> [PendingDelivery]

    /// Uses the proof up and creates the account of `destination` (limit key `key`), in one
    /// transaction; `exists` when an account has that destination or that key.
    func createAccount(
        destination: String, key: String, proofHash: [UInt8], passwordHash: String, now: Int64, latest: Int64
    ) async throws -> AccountOutcome

    /// Removes what no rule reads any more: sends before `since`, counters of windows that
    /// began before `countersBefore`, superseded codes, proofs and pending deliveries past
    /// their end, and destinations' rows with no code, no lock and no cooldown left (sent
    /// before `idleSince`).
    func purge(now: Int64, since: Int64, idleSince: Int64, countersBefore: Int64) async throws

    /// How many rows of `codes` and of `sends` one destination has (for tests: the purge's).
    func rowCounts(of limitKey: String) async throws -> (codes: Int, sends: Int)
}

/// What became of an account's creation.
enum AccountOutcome: Sendable, Hashable {
    case created
    case exists
    case invalidProof
}
