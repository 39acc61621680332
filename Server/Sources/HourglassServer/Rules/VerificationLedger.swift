/// The rules, applied: what a send or a check finds in the store goes in, what the store must
/// write and what the client is answered comes out. Pure (but for the random code and proof),
/// so that SQLite and PostgreSQL run the same decisions inside their own transactions.
struct VerificationLedger: Sendable {
    let rules: VerificationRules
    let hasher: CodeHasher

    /// What a send found in the store, read in its transaction.
    struct SendState {
        var row: CodeRow?
        var destinationSends: WindowCount
        /// The address's counter: `oldest` is its window's start.
        var addressSends: WindowCount
        /// The budgets' rolling windows, in the order of ``SendCounters/budgets``, each with
        /// the reason a send is refused once it is spent.
        var budgets: [(reason: LimitReason, window: BudgetWindow)] = []
    }

    /// What a send writes and answers.
    enum SendDecision {
        case refuse(LimitReason, retryAfter: Int)
        /// Writes `row`, logs a send, and keeps `superseded` (the old code's hash, until it
        /// would have expired) so that checking it answers "superseded". `resendAfter`: the
        /// seconds until the next send can succeed (the cooldown, or the send limit's wait when
        /// this send fills the window).
        case send(code: String, row: CodeRow, superseded: (hash: [UInt8], until: Int64)?, resendAfter: Int)
    }

    /// Decides a send. `state.row` is first clamped (``clamp(_:now:)``): a store writes it back
    /// when that changed it, whatever was decided.
    func decideSend(key: String, destination: String, state: inout SendState, now: Int64) -> SendDecision {
        clamp(&state.row, now: now)
        let state = state
        let window = rules.sendWindow.milliseconds
        // A lock refuses checks only: it protects the code it killed, not the attacker who
        // locked it. Refusing sends too would let six requests lock the owner out, and 24 an
        // hour keep them out; the send limit already bounds the guesses (attempts × sends a
        // window: 25 an hour by default, against 20 with sends refused during the lock). A new
        // code ends the lock.
        if let row = state.row, row.sentAt > 0, row.sentAt + rules.cooldown.milliseconds > now {
            return .refuse(
                .rateLimited, retryAfter: Self.seconds(until: row.sentAt + rules.cooldown.milliseconds, from: now))
        }
        if state.destinationSends.count >= rules.sendLimit {
            let end = (state.destinationSends.oldest ?? now) + window
            return .refuse(.sendLimit, retryAfter: Self.seconds(until: end, from: now))
        }
        if state.addressSends.count >= rules.addressSendLimit {
            let end = (state.addressSends.oldest ?? now) + window
            return .refuse(.rateLimited, retryAfter: Self.seconds(until: end, from: now))
        }
        for budget in state.budgets where !budget.window.isOpen(at: now) {
            return .refuse(budget.reason, retryAfter: budget.window.wait(at: now))
        }
        let code = hasher.newCode(length: rules.codeLength)
        let superseded = state.row.flatMap { row in
            row.codeHash.flatMap { hash in row.expiresAt > now ? (hash, row.expiresAt) : nil }
        }
        let row = CodeRow(
            key: key, destination: destination, codeHash: hasher.hash(code: code, for: key), sentAt: now,
            expiresAt: now + rules.codeLifetime.milliseconds, attemptsLeft: rules.attempts, lockedUntil: 0)
        var resendAfter = rules.cooldown.wholeSeconds
        if state.destinationSends.count + 1 >= rules.sendLimit {
            let end = (state.destinationSends.oldest ?? now) + window
            resendAfter = max(resendAfter, Self.seconds(until: end, from: now))
        }
        return .send(code: code, row: row, superseded: superseded, resendAfter: resendAfter)
    }

    /// What a check found in the store, read in its transaction.
    struct CheckState {
        var row: CodeRow?
        var addressFailures: WindowCount
        /// The hashes of the destination's superseded codes that have not expired.
        var superseded: [[UInt8]]
    }

    /// What a check writes and answers.
    enum CheckDecision {
        case refuse(LimitReason, retryAfter: Int)
        case expired
        case superseded
        /// Writes `row`; logs a failure for the address.
        case wrong(row: CodeRow, attemptsLeft: Int)
        /// Writes `row` (locked, the code dead: checks are refused until a new code is sent or
        /// the lock ends); logs a failure for the address.
        case lock(row: CodeRow, retryAfter: Int)
        /// Writes `row` (the code used) and keeps the proof's hash, bound to `destination`: the
        /// one the check named (normalised), which may spell the limit key's mailbox otherwise
        /// than the send did.
        case verified(row: CodeRow, proof: String, proofHash: [UInt8], proofExpires: Int64, destination: String)

        /// Whether the check failed: the client address's failures count it.
        var isFailure: Bool {
            switch self {
            case .refuse, .verified: false
            case .expired, .superseded, .wrong, .lock: true
            }
        }
    }

    /// Decides a check. `state.row` is first clamped (``clamp(_:now:)``): a store writes it
    /// back when that changed it, whatever was decided.
    func decideCheck(
        key: String, destination: String, code: String, state: inout CheckState, now: Int64
    ) -> CheckDecision {
        clamp(&state.row, now: now)
        let state = state
        let window = rules.sendWindow.milliseconds
        if let row = state.row, isLocked(row, now: now) {
            return .refuse(.locked, retryAfter: Self.seconds(until: row.lockedUntil, from: now))
        }
        if state.addressFailures.count >= rules.addressFailureLimit {
            let end = (state.addressFailures.oldest ?? now) + window
            return .refuse(.rateLimited, retryAfter: Self.seconds(until: end, from: now))
        }
        let candidate = hasher.hash(code: code, for: key)
        guard var row = state.row, let current = row.codeHash, row.expiresAt > now else {
            // No code in play; a superseded one is still told as such.
            return state.superseded.contains { CodeHasher.constantTimeEqual($0, candidate) } ? .superseded : .expired
        }
        if CodeHasher.constantTimeEqual(current, candidate) {
            row.codeHash = nil
            let proof = hasher.newProof()
            return .verified(
                row: row, proof: proof, proofHash: hasher.hash(proof: proof),
                proofExpires: now + rules.proofLifetime.milliseconds, destination: destination)
        }
        if state.superseded.contains(where: { CodeHasher.constantTimeEqual($0, candidate) }) { return .superseded }
        row.attemptsLeft -= 1
        guard row.attemptsLeft <= 0 else { return .wrong(row: row, attemptsLeft: row.attemptsLeft) }
        row.codeHash = nil
        row.lockedUntil = now + rules.lockDuration.milliseconds
        return .lock(row: row, retryAfter: rules.lockDuration.wholeSeconds)
    }

    /// How far an instant may lie ahead of `now` before it is taken for a wall clock that went
    /// back: a step of NTP's, not a jump.
    static let clockTolerance: Int64 = 1_000

    /// `row` as it can be trusted at `now`, when the wall clock went back (a misconfigured host,
    /// a restored VM): a record "after now" cannot be trusted for its end, but it can for its
    /// rule, so it is clamped, never dropped.
    /// - A code sent after `now` is dead (it may have expired already), and its send counts as
    ///   made now: its cooldown lasts at most the rule's full length from now.
    /// - A lock ending further ahead than its rule allows ends at most a lock's length from now.
    func clamp(_ row: inout CodeRow?, now: Int64) {
        guard var clamped = row else { return }
        if clamped.sentAt > now + Self.clockTolerance {
            (clamped.sentAt, clamped.codeHash, clamped.expiresAt) = (now, nil, min(clamped.expiresAt, now))
        }
        clamped.lockedUntil = min(clamped.lockedUntil, now + rules.lockDuration.milliseconds)
        if clamped != row { row = clamped }
    }

    /// Whether `row`'s destination is locked at `now` (the row clamped first: never past its rule).
    private func isLocked(_ row: CodeRow, now: Int64) -> Bool {
        row.lockedUntil > now
    }

    /// Whole seconds from `now` to `end`, rounded up, at least 1.
    static func seconds(until end: Int64, from now: Int64) -> Int {
        max(1, Int((end - now + 999) / 1_000))
    }
}
