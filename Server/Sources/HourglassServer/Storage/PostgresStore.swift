import Foundation
import Logging
import PostgresNIO

/// The store in PostgreSQL (postgres-nio), for several instances behind one load balancer.
///
/// A send locks its destination's row (`SELECT … FOR UPDATE`, the row made first when
/// missing), a check locks it when there is one; both then take the client address's advisory
/// lock, always in that order, so that instances take turns on one destination and on one
/// address, and never wait on each other in a circle. Nothing is deleted inside these
/// transactions (old rows are purged apart). The client's connections start with a statement
/// timeout (the request's deadline), so a transaction that lost its server ends in the database
/// too.
final class PostgresStore: VerificationStore {
    let client: PostgresClient
    private let logger: Logger
    init(client: PostgresClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    func ping() async throws {
        _ = try await client.query("SELECT 1", logger: logger).collect()
    }

    func prepare() async throws {
        try await PostgresSchema.migrate(
            client, logger: logger, now: Int64((Date().timeIntervalSince1970 * 1_000).rounded()))
    }

    func send(
        key: String, address: String, counters: SendCounters, now: Int64, since: Int64,
        decide: @escaping @Sendable (inout VerificationLedger.SendState) -> VerificationLedger.SendDecision,
        pending: @escaping @Sendable (_ code: String) throws -> PendingDelivery
    ) async throws -> VerificationLedger.SendDecision {
        do {
            return try await sendTransaction(
                key: key, address: address, counters: counters, now: now, since: since, decide: decide,
                pending: pending)
        } catch let error as PostgresTransactionError {
            // A budget spent by another send since this one read it: nothing was written.
            if let spent = error.closureError as? BudgetSpent { return spent.refusal }
            throw error
        }
    }

    /// A budget another send took the last of, after this one read it: its transaction is
    /// rolled back, and the send refused as the ledger refuses one that finds it spent.
    private struct BudgetSpent: Error {
        let refusal: VerificationLedger.SendDecision
    }

    /// A send's transaction (see ``send(key:address:counters:now:since:decide:pending:)``);
    /// throws ``BudgetSpent`` when a budget it read as open was spent meanwhile.
    private func sendTransaction(
        key: String, address: String, counters: SendCounters, now: Int64, since: Int64,
        decide: @escaping @Sendable (inout VerificationLedger.SendState) -> VerificationLedger.SendDecision,
        pending: @escaping @Sendable (_ code: String) throws -> PendingDelivery
    ) async throws -> VerificationLedger.SendDecision {
        try await transaction { connection in
            let row = try await Self.row(
                from: connection.execute(PostgresStatements.LockRowForSend(key: key), logger: self.logger), key: key)
            try await self.lockAddress(connection, address)
            let windows = try await connection.execute(
                PostgresStatements.SendWindows(
                    key: key, since: since, now: now, latest: now + VerificationLedger.clockTolerance,
                    counter: counters.address),
                logger: self.logger)
            var state = VerificationLedger.SendState(row: row, destinationSends: .none, addressSends: .none)
            var addressHasLaterWindows = false
            for try await (destinationCount, destinationOldest, addressCount, later) in windows {
                state.destinationSends = WindowCount(count: Int(destinationCount), oldest: destinationOldest)
                state.addressSends = WindowCount(count: Int(addressCount), oldest: counters.address.start)
                addressHasLaterWindows = later
            }
            // Counted with the windows "after now" (the wall clock went back): moved into this one.
            if addressHasLaterWindows {
                try await self.run(
                    connection, PostgresStatements.MoveLaterWindows(counter: counters.address), logger: self.logger)
            }
            for budget in counters.budgets {
                let (count, previous) = try await self.counts(
                    connection, budget.counter, previous: counters.previous(of: budget.counter))
                state.budgets.append((budget.reason, counters.window(of: budget, current: count, previous: previous)))
            }
            let decision = decide(&state)
            if case .refuse = decision, state.row != row, let clamped = state.row {
                try await self.save(connection, clamped)
            }
            if case .send(let code, let row, let superseded, _) = decision {
                let delivery = try pending(code)
                let save = PostgresStatements.SaveSend(
                    row: row, address: address, counter: counters.address, delivery: delivery)
                try await self.run(connection, save, logger: self.logger)
                if let superseded {
                    try await connection.query(
                        """
                        INSERT INTO superseded_codes (limit_key, code_hash, until)
                        VALUES (\(key), \(ByteBuffer(bytes: superseded.hash)), \(superseded.until))
                        """, logger: self.logger)
                }
                // The budgets' rows, which every instance writes, last: held for as short as can
                // be. Each is taken from only while it holds any, so that sends at one instant
                // never overshoot it: a budget read open and found spent here refuses the send
                // with the ledger's answer for a spent budget (the ledger decided once, on what
                // was read; this is a new fact, not another decision).
                for (budget, read) in zip(counters.budgets, state.budgets) {
                    let cap = read.window.cap(at: now)
                    guard try await !self.take(connection, from: budget.counter, within: cap) else { continue }
                    let spent = read.window.holding(atLeast: cap)
                    throw BudgetSpent(refusal: .refuse(budget.reason, retryAfter: spent.wait(at: now)))
                }
            }
            return decision
        }
    }

    func check(
        key: String, address: String, failures: WindowCounter, now: Int64, since: Int64,
        decide: @escaping @Sendable (inout VerificationLedger.CheckState) -> VerificationLedger.CheckDecision
    ) async throws -> VerificationLedger.CheckDecision {
        try await transaction { connection in
            let row = try await self.lockedRow(connection, key)
            try await self.lockAddress(connection, address)
            var superseded: [[UInt8]] = []
            let hashes = try await connection.execute(
                PostgresStatements.SupersededHashes(key: key, now: now), logger: self.logger)
            for try await hash in hashes { superseded.append(Array(hash.readableBytesView)) }
            var state = VerificationLedger.CheckState(
                row: row,
                addressFailures: try await self.count(connection, failures),
                superseded: superseded)
            let decision = decide(&state)
            // A row the ledger clamped (the wall clock went back) is kept as clamped.
            let clamped = state.row != row ? state.row : nil
            switch decision {
            case .wrong(let row, _), .lock(let row, _):
                try await self.run(
                    connection, PostgresStatements.SaveFailure(row: row, counter: failures), logger: self.logger)
            case .expired, .superseded:
                if let clamped { try await self.save(connection, clamped) }
                try await self.bump(connection, failures, by: 1)
            case .verified(let row, _, let proofHash, let expires, let destination):
                try await self.save(connection, row)
                try await connection.query(
                    """
                    INSERT INTO proofs (proof_hash, destination, limit_key, expires_at)
                    VALUES (\(ByteBuffer(bytes: proofHash)), \(destination), \(key), \(expires))
                    """, logger: self.logger)
            case .refuse:
                if let clamped { try await self.save(connection, clamped) }
            }
            return decision
        }
    }

    func failures(_ counter: WindowCounter) async throws -> WindowCount {
        try await client.withConnection { connection in try await self.count(connection, counter, clamping: false) }
    }

    func logFailure(_ counter: WindowCounter) async throws {
        try await client.withConnection { connection in try await self.bump(connection, counter, by: 1) }
    }

    func proofIsValid(_ proofHash: [UInt8], forKey key: String, now: Int64, latest: Int64) async throws -> Bool {
        let hash = ByteBuffer(bytes: proofHash)
        let rows = try await client.query(
            """
            SELECT 1 FROM proofs WHERE proof_hash = \(hash) AND limit_key = \(key) AND expires_at > \(now)
            AND expires_at <= \(latest)
            """,
            logger: logger)
        for try await _ in rows.decode(Int32.self) { return true }
        return false
    }

    func accountMade(
        with proofHash: [UInt8], forKey key: String, now: Int64, latest: Int64
    ) async throws -> (destination: String, passwordHash: String)? {
        let rows = try await client.query(
            """
            SELECT destination, password_hash FROM accounts WHERE proof_hash = \(ByteBuffer(bytes: proofHash))
            AND limit_key = \(key) AND proof_expires_at > \(now) AND proof_expires_at <= \(latest)
            """, logger: logger)
        for try await (destination, hash) in rows.decode((String, String).self) { return (destination, hash) }
        return nil
    }

    func undoSend(key: String, sentAt: Int64, counters: [WindowCounter], delivery: String) async throws {
        try await transaction { connection in
            try await connection.query("DELETE FROM deliveries WHERE id = \(delivery)", logger: self.logger)
            // The destination's row first, the counters last, as a send takes them: never in a
            // circle with one.
            try await connection.query(
                """
                UPDATE codes SET code_hash = NULL, sent_at = 0, expires_at = 0
                WHERE limit_key = \(key) AND sent_at = \(sentAt)
                """, logger: self.logger)
            try await connection.query(
                "DELETE FROM sends WHERE limit_key = \(key) AND at = \(sentAt)", logger: self.logger)
            for counter in counters { try await self.bump(connection, counter, by: -1) }
        }
    }

    func endDeliveries(_ ids: [String]) async throws {
        _ = try await client.query("DELETE FROM deliveries WHERE id = ANY(\(ids))", logger: logger).collect()
    }

    func takeDeliveries(now: Int64, leaseUntil: Int64, limit: Int) async throws -> [PendingDelivery] {
        // SKIP LOCKED: a row another instance is taking is that instance's.
        let rows = try await client.query(
            """
            UPDATE deliveries SET lease_until = \(leaseUntil) WHERE id IN (
                SELECT id FROM deliveries
                WHERE (lease_until <= \(now) OR lease_until > \(leaseUntil)) AND expires_at > \(now)
                ORDER BY lease_until LIMIT \(limit) FOR UPDATE SKIP LOCKED)
            RETURNING id, expires_at, lease_until, sealed
            """, logger: logger)
        var taken: [PendingDelivery] = []
        for try await (id, expiresAt, leaseUntil, sealed) in rows.decode((String, Int64, Int64, ByteBuffer).self) {
            taken.append(
                PendingDelivery(
                    id: id, expiresAt: expiresAt, leaseUntil: leaseUntil, sealed: Array(sealed.readableBytesView)))
        }
        return taken
    }

    func createAccount(
        destination: String, key: String, proofHash: [UInt8], passwordHash: String, now: Int64, latest: Int64
    ) async throws -> AccountOutcome {
        let hash = ByteBuffer(bytes: proofHash)
        return try await transaction { connection in
            let taken = try await connection.query(
                """
                DELETE FROM proofs WHERE proof_hash = \(hash) AND limit_key = \(key)
                AND expires_at > \(now) AND expires_at <= \(latest) RETURNING expires_at
                """, logger: self.logger)
            var proofEnd: Int64?
            for try await end in taken.decode(Int64.self) { proofEnd = end }
            guard let proofEnd else { return .invalidProof }
            // Unique by destination and by limit key: another spelling of one mailbox exists too.
            let inserted = try await connection.query(
                """
                INSERT INTO accounts (destination, limit_key, password_hash, proof_hash, proof_expires_at, created_at)
                VALUES (\(destination), \(key), \(passwordHash), \(hash), \(proofEnd), \(now))
                ON CONFLICT DO NOTHING RETURNING 1
                """, logger: self.logger)
            return try await Self.hasRow(inserted) ? .created : .exists
        }
    }

    func purge(now: Int64, since: Int64, idleSince: Int64, countersBefore: Int64) async throws {
        let statements: [PostgresQuery] = [
            "DELETE FROM sends WHERE at <= \(since)",
            "DELETE FROM failures WHERE at <= \(since)",
            "DELETE FROM window_counts WHERE window_start < \(countersBefore)",
            "DELETE FROM superseded_codes WHERE until <= \(now)",
            "DELETE FROM proofs WHERE expires_at <= \(now)",
            "DELETE FROM deliveries WHERE expires_at <= \(now)",
            // SKIP LOCKED: a row a send or a check holds is theirs; the next purge takes it.
            """
            DELETE FROM codes WHERE limit_key IN (SELECT limit_key FROM codes WHERE expires_at <= \(now)
                AND locked_until <= \(now) AND sent_at <= \(idleSince) FOR UPDATE SKIP LOCKED)
            """,
        ]
        // Each statement to its end: a row sequence not read may leave its statement running.
        for statement in statements { _ = try await client.query(statement, logger: logger).collect() }
    }

    func rowCounts(of limitKey: String) async throws -> (codes: Int, sends: Int) {
        let rows = try await client.query(
            """
            SELECT (SELECT COUNT(*) FROM codes WHERE limit_key = \(limitKey))::BIGINT,
                (SELECT COUNT(*) FROM sends WHERE limit_key = \(limitKey))::BIGINT
            """, logger: logger)
        for try await (codes, sends) in rows.decode((Int64, Int64).self) { return (Int(codes), Int(sends)) }
        return (0, 0)
    }

    /// Runs `body` in a transaction.
    private func transaction<T: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        try await client.withTransaction(logger: logger) { connection in try await body(connection) }
    }

    /// The destination's row, locked until the transaction ends, for a check (which makes none).
    private func lockedRow(_ connection: PostgresConnection, _ key: String) async throws -> CodeRow? {
        try await Self.row(
            from: connection.execute(PostgresStatements.LockRowForCheck(key: key), logger: logger), key: key)
    }

    /// The destination's row `rows` holds; nil when none, or only the placeholder a send makes
    /// (its `sent_at` 0 means "never sent").
    private static func row<Rows: AsyncSequence>(from rows: Rows, key: String) async throws -> CodeRow?
    where Rows.Element == PostgresStatements.CodeColumns {
        for try await (destination, hash, sentAt, expiresAt, attempts, locked) in rows {
            if sentAt == 0 && locked == 0 { return nil }
            return CodeRow(
                key: key, destination: destination, codeHash: hash.map { Array($0.readableBytesView) }, sentAt: sentAt,
                expiresAt: expiresAt, attemptsLeft: Int(attempts), lockedUntil: locked)
        }
        return nil
    }

    /// The client address's turn: its counts and its new row are one instance's at a time.
    private func lockAddress(_ connection: PostgresConnection, _ address: String) async throws {
        for try await _ in try await connection.execute(
            PostgresStatements.LockAddress(address: address), logger: logger)
        {}
    }

    /// Runs a statement that returns no row, to its end. (Not by postgres-nio's overload that
    /// returns the command tag: it traps on a prepared statement's result as 1.33.2 makes it.)
    private func run<Statement: PostgresPreparedStatement>(
        _ connection: PostgresConnection, _ statement: Statement, logger: Logger
    ) async throws where Statement.Row == () {
        for try await _ in try await connection.execute(statement, logger: logger) {}
    }

    private func save(_ connection: PostgresConnection, _ row: CodeRow) async throws {
        try await self.run(connection, PostgresStatements.SaveRow(row: row), logger: logger)
    }

    /// A counter's count; its window's start stands for its oldest event (see `SQLiteStore`).
    /// The counts of its windows "after now" count in it; in a transaction (`clamping`), they
    /// are moved into it (``PostgresStatements/MoveLaterWindows``) before a row is written.
    private func count(
        _ connection: PostgresConnection, _ counter: WindowCounter, clamping: Bool = true
    ) async throws -> WindowCount {
        WindowCount(
            count: try await counts(connection, counter, previous: nil, clamping: clamping).count,
            oldest: counter.start)
    }

    /// A counter's count (as ``count(_:_:clamping:)`` reads it) and the count of the window of
    /// `previous` alone (a budget's window before now: see `BudgetWindow`), in one read.
    private func counts(
        _ connection: PostgresConnection, _ counter: WindowCounter, previous: WindowCounter?, clamping: Bool = true
    ) async throws -> (count: Int, previous: Int) {
        var (count, later, before): (Int64, Int64, Int64) = (0, 0, 0)
        for try await read in try await connection.execute(
            PostgresStatements.CounterCount(counter: counter, previousStart: previous?.start), logger: logger)
        {
            (count, later, before) = read
        }
        if later > 0 {
            if clamping {
                try await self.run(connection, PostgresStatements.MoveLaterWindows(counter: counter), logger: logger)
            }
            count += later
        }
        return (Int(count), Int(before))
    }

    /// Takes one from a budget's counter while it is under `limit`; false when it was not.
    private func take(_ connection: PostgresConnection, from counter: WindowCounter, within limit: Int) async throws
        -> Bool
    {
        var taken = false
        for try await _ in try await connection.execute(
            PostgresStatements.TakeFromBudget(counter: counter, limit: limit), logger: logger)
        {
            taken = true
        }
        return taken
    }

    /// Adds `delta` to a counter (made at 0 when missing); never below 0.
    private func bump(_ connection: PostgresConnection, _ counter: WindowCounter, by delta: Int64) async throws {
        try await self.run(connection, PostgresStatements.BumpCounter(counter: counter, delta: delta), logger: logger)
    }

    private static func hasRow(_ rows: PostgresRowSequence) async throws -> Bool {
        var found = false
        for try await _ in rows { found = true }
        return found
    }
}
