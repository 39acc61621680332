import Foundation
import GRDB

/// The store in one SQLite file (GRDB, WAL): nothing to set up. Writes are serialised by
/// SQLite's write lock (`BEGIN IMMEDIATE`), so even two processes on one file keep the rules.
/// The statements of sends and checks are prepared once per connection.
final class SQLiteStore: VerificationStore {
    private let pool: DatabasePool

    /// Opens (or creates) the database at `path`, its owner's alone (mode 0600, set on an
    /// existing file too): it holds destinations and password hashes. SQLite gives its `-wal`
    /// and `-shm` files the database's mode.
    init(path: String) throws {
        let files = FileManager.default
        if !files.fileExists(atPath: path) {
            guard files.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw DatabaseError(message: "cannot create \(path)")
            }
        }
        guard (try? files.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular else {
            throw DatabaseError(message: "\(path) is not a regular file")
        }
        for file in [path, path + "-wal", path + "-shm"] where files.fileExists(atPath: file) {
            do { try files.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file) } catch {
                throw DatabaseError(message: "cannot make \(file) its owner's alone (mode 0600): \(error)")
            }
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        pool = try DatabasePool(path: path, configuration: configuration)
    }

    func ping() async throws {
        _ = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    func prepare() async throws {
        try SQLiteSchema.migrate(pool)
    }

    func send(
        key: String, address: String, counters: SendCounters, now: Int64, since: Int64,
        decide: @escaping @Sendable (inout VerificationLedger.SendState) -> VerificationLedger.SendDecision,
        pending: @escaping @Sendable (_ code: String) throws -> PendingDelivery
    ) async throws -> VerificationLedger.SendDecision {
        try await immediate { db in
            // Sends recorded "after now" (the wall clock went back) count as made now: their
            // window ends at most its length from now.
            try Self.run(
                db, "UPDATE sends SET at = ? WHERE limit_key = ? AND at > ?",
                [now, key, now + VerificationLedger.clockTolerance])
            let read = try Self.row(db, key)
            var state = VerificationLedger.SendState(
                row: read,
                destinationSends: try Self.window(
                    db, "SELECT COUNT(*), MIN(at) FROM sends WHERE limit_key = ? AND at > ? AND at <= ?", key, since,
                    now),
                addressSends: try Self.count(db, counters.address))
            for budget in counters.budgets {
                let window = counters.window(
                    of: budget, current: try Self.count(db, budget.counter).count,
                    previous: try Self.exactCount(db, counters.previous(of: budget.counter)))
                state.budgets.append((budget.reason, window))
            }
            let decision = decide(&state)
            if case .refuse = decision, state.row != read, let clamped = state.row { try Self.save(db, clamped) }
            if case .send(let code, let row, let superseded, _) = decision {
                try Self.save(db, row)
                let delivery = try pending(code)
                try Self.run(
                    db, "INSERT INTO deliveries (id, expires_at, lease_until, sealed) VALUES (?, ?, ?, ?)",
                    [delivery.id, delivery.expiresAt, delivery.leaseUntil, Data(delivery.sealed)])
                try Self.run(db, "INSERT INTO sends (limit_key, address, at) VALUES (?, ?, ?)", [key, address, now])
                for counter in counters.all { try Self.bump(db, counter, by: 1) }
                if let superseded {
                    try Self.run(
                        db, "INSERT INTO superseded_codes (limit_key, code_hash, until) VALUES (?, ?, ?)",
                        [key, Data(superseded.hash), superseded.until])
                }
            }
            return decision
        }
    }

    func check(
        key: String, address: String, failures: WindowCounter, now: Int64, since: Int64,
        decide: @escaping @Sendable (inout VerificationLedger.CheckState) -> VerificationLedger.CheckDecision
    ) async throws -> VerificationLedger.CheckDecision {
        try await immediate { db in
            let superseded = try Data.fetchAll(
                db.cachedStatement(sql: "SELECT code_hash FROM superseded_codes WHERE limit_key = ? AND until > ?"),
                arguments: [key, now])
            let read = try Self.row(db, key)
            var state = VerificationLedger.CheckState(
                row: read, addressFailures: try Self.count(db, failures), superseded: superseded.map { Array($0) })
            let decision = decide(&state)
            switch decision {
            case .wrong(let row, _), .lock(let row, _):
                try Self.save(db, row)
            case .verified(let row, _, let proofHash, let expires, let destination):
                try Self.save(db, row)
                try Self.run(
                    db, "INSERT INTO proofs (proof_hash, destination, limit_key, expires_at) VALUES (?, ?, ?, ?)",
                    [Data(proofHash), destination, key, expires])
            case .refuse, .expired, .superseded:
                // A row the ledger clamped (the wall clock went back) is kept as clamped.
                if state.row != read, let clamped = state.row { try Self.save(db, clamped) }
            }
            if decision.isFailure { try Self.bump(db, failures, by: 1) }
            return decision
        }
    }

    func failures(_ counter: WindowCounter) async throws -> WindowCount {
        try await pool.read { db in try Self.count(db, counter, clamping: false) }
    }

    func logFailure(_ counter: WindowCounter) async throws {
        try await immediate { db in try Self.bump(db, counter, by: 1) }
    }

    func proofIsValid(_ proofHash: [UInt8], forKey key: String, now: Int64, latest: Int64) async throws -> Bool {
        try await pool.read { db in
            try Bool.fetchOne(
                db,
                sql:
                    "SELECT 1 FROM proofs WHERE proof_hash = ? AND limit_key = ? AND expires_at > ? AND expires_at <= ?",
                arguments: [Data(proofHash), key, now, latest]) ?? false
        }
    }

    func accountMade(
        with proofHash: [UInt8], forKey key: String, now: Int64, latest: Int64
    ) async throws -> (destination: String, passwordHash: String)? {
        try await pool.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT destination, password_hash FROM accounts
                    WHERE proof_hash = ? AND limit_key = ? AND proof_expires_at > ? AND proof_expires_at <= ?
                    """,
                arguments: [Data(proofHash), key, now, latest]
            ).map { ($0["destination"], $0["password_hash"]) }
        }
    }

    func undoSend(key: String, sentAt: Int64, counters: [WindowCounter], delivery: String) async throws {
        try await immediate { db in
            try db.execute(sql: "DELETE FROM deliveries WHERE id = ?", arguments: [delivery])
            try db.execute(
                sql:
                    "UPDATE codes SET code_hash = NULL, sent_at = 0, expires_at = 0 WHERE limit_key = ? AND sent_at = ?",
                arguments: [key, sentAt])
            try db.execute(sql: "DELETE FROM sends WHERE limit_key = ? AND at = ?", arguments: [key, sentAt])
            for counter in counters { try Self.bump(db, counter, by: -1) }
        }
    }

    func endDeliveries(_ ids: [String]) async throws {
        // At most 500 a statement: SQLite takes 32 766 arguments, older builds 999.
        try await immediate { db in
            for start in stride(from: 0, to: ids.count, by: 500) {
                let part = Array(ids[start..<min(start + 500, ids.count)])
                try db.execute(
                    sql: "DELETE FROM deliveries WHERE id IN (\(part.map { _ in "?" }.joined(separator: ", ")))",
                    arguments: StatementArguments(part))
            }
        }
    }

    func takeDeliveries(now: Int64, leaseUntil: Int64, limit: Int) async throws -> [PendingDelivery] {
        try await immediate { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    UPDATE deliveries SET lease_until = ? WHERE id IN (
                        SELECT id FROM deliveries WHERE (lease_until <= ? OR lease_until > ?) AND expires_at > ?
                        ORDER BY lease_until LIMIT ?)
                    RETURNING id, expires_at, lease_until, sealed
                    """,
                arguments: [leaseUntil, now, leaseUntil, now, limit])
            return rows.map { row in
                PendingDelivery(
                    id: row[0], expiresAt: row[1], leaseUntil: row[2], sealed: Array(row[3] as Data))
            }
        }
    }

    func createAccount(
        destination: String, key: String, proofHash: [UInt8], passwordHash: String, now: Int64, latest: Int64
    ) async throws -> AccountOutcome {
        try await immediate { db in
            let arguments: StatementArguments = [Data(proofHash), key, now, latest]
            guard
                let proofEnd = try Int64.fetchOne(
                    db,
                    sql:
                        "SELECT expires_at FROM proofs WHERE proof_hash = ? AND limit_key = ? AND expires_at > ? AND expires_at <= ?",
                    arguments: arguments)
            else { return .invalidProof }
            try db.execute(
                sql: "DELETE FROM proofs WHERE proof_hash = ? AND limit_key = ? AND expires_at > ? AND expires_at <= ?",
                arguments: arguments)
            // Unique by destination and by limit key: another spelling of one mailbox exists too.
            try db.execute(
                sql: """
                    INSERT INTO accounts (destination, limit_key, password_hash, proof_hash, proof_expires_at, created_at)
                    VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                    """,
                arguments: [destination, key, passwordHash, Data(proofHash), proofEnd, now])
            return db.changesCount == 1 ? .created : .exists
        }
    }

    func purge(now: Int64, since: Int64, idleSince: Int64, countersBefore: Int64) async throws {
        try await immediate { db in
            let statements: [(String, StatementArguments)] = [
                ("DELETE FROM sends WHERE at <= ?", [since]),
                ("DELETE FROM failures WHERE at <= ?", [since]),
                ("DELETE FROM window_counts WHERE window_start < ?", [countersBefore]),
                ("DELETE FROM superseded_codes WHERE until <= ?", [now]),
                ("DELETE FROM proofs WHERE expires_at <= ?", [now]),
                ("DELETE FROM deliveries WHERE expires_at <= ?", [now]),
                (
                    "DELETE FROM codes WHERE expires_at <= ? AND locked_until <= ? AND sent_at <= ?",
                    [now, now, idleSince]
                ),
            ]
            for (sql, arguments) in statements { try db.execute(sql: sql, arguments: arguments) }
        }
    }

    func rowCounts(of limitKey: String) async throws -> (codes: Int, sends: Int) {
        try await pool.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM codes WHERE limit_key = ?", arguments: [limitKey]) ?? 0,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sends WHERE limit_key = ?", arguments: [limitKey]) ?? 0
            )
        }
    }

    func close() throws {
        try pool.close()
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: the write lock is taken before the reads.
    private func immediate<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await pool.writeWithoutTransaction { db in
            var result: T?
            try db.inTransaction(.immediate) {
                result = try body(db)
                return .commit
            }
            guard let result else { throw DatabaseError(message: "a transaction ended without its result") }
            return result
        }
    }

    private static func row(_ db: Database, _ key: String) throws -> CodeRow? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT destination, code_hash, sent_at, expires_at, attempts_left, locked_until
                        FROM codes WHERE limit_key = ?
                        """), arguments: [key])
        else { return nil }
        // By index, in the statement's order: a column read by its name is looked up by it.
        let hash: Data? = row[1]
        return CodeRow(
            key: key, destination: row[0], codeHash: hash.map { Array($0) }, sentAt: row[2], expiresAt: row[3],
            attemptsLeft: row[4], lockedUntil: row[5])
    }

    private static func save(_ db: Database, _ row: CodeRow) throws {
        try run(
            db,
            """
            INSERT INTO codes (limit_key, destination, code_hash, sent_at, expires_at, attempts_left, locked_until)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (limit_key) DO UPDATE SET destination = excluded.destination,
                code_hash = excluded.code_hash, sent_at = excluded.sent_at, expires_at = excluded.expires_at,
                attempts_left = excluded.attempts_left, locked_until = excluded.locked_until
            """,
            [
                row.key, row.destination, row.codeHash.map { Data($0) }, row.sentAt, row.expiresAt, row.attemptsLeft,
                row.lockedUntil,
            ])
    }

    /// Runs `sql`, prepared once per connection (GRDB's statement cache).
    private static func run(_ db: Database, _ sql: String, _ arguments: StatementArguments) throws {
        try db.cachedStatement(sql: sql).execute(arguments: arguments)
    }

    /// The count of a counter's window alone (a budget's window before now: see `BudgetWindow`).
    private static func exactCount(_ db: Database, _ counter: WindowCounter) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT count FROM window_counts WHERE scope = ? AND window_start = ?"),
            arguments: [counter.scope, counter.start]) ?? 0
    }

    /// A counter's count; its window's start stands for its oldest event, so that the window's
    /// end is its start and its length.
    ///
    /// The counts of its scope's windows "after now" (the wall clock went back) count in it:
    /// trusted for their rule, they hold at most a window from now, never none. In a write
    /// (`clamping`), they are moved into this window first.
    private static func count(_ db: Database, _ counter: WindowCounter, clamping: Bool = true) throws -> WindowCount {
        // The windows after this one's (the wall clock went back) and all from this one on, in
        // one read: moving the later ones into this window leaves the second sum as it is.
        let row = try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT COALESCE(SUM(CASE WHEN window_start > ?1 THEN count END), 0), COALESCE(SUM(count), 0)
                    FROM window_counts WHERE scope = ?2 AND window_start >= ?1
                    """),
            arguments: [counter.start, counter.scope])
        let (later, count): (Int, Int) = row.map { ($0[0], $0[1]) } ?? (0, 0)
        if clamping, later > 0 {
            try run(
                db, "DELETE FROM window_counts WHERE scope = ? AND window_start > ?", [counter.scope, counter.start])
            try bump(db, counter, by: later)
        }
        // Read alone (not `clamping`), the later windows are counted where they are.
        return WindowCount(count: count, oldest: counter.start)
    }

    /// Adds `delta` to a counter (made at 0 when missing); never below 0.
    private static func bump(_ db: Database, _ counter: WindowCounter, by delta: Int) throws {
        try run(
            db,
            """
            INSERT INTO window_counts (scope, window_start, count) VALUES (?, ?, MAX(?, 0))
            ON CONFLICT (scope, window_start) DO UPDATE SET count = MAX(window_counts.count + ?, 0)
            """, [counter.scope, counter.start, delta, delta])
    }

    /// The count and oldest instant of a window: events after `since`, and none after `now` and
    /// its tolerance (events from before the wall clock went back do not hold a limit longer).
    private static func window(
        _ db: Database, _ sql: String, _ value: String, _ since: Int64, _ now: Int64
    ) throws -> WindowCount {
        let arguments: StatementArguments = [value, since, now + VerificationLedger.clockTolerance]
        guard let row = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) else { return .none }
        return WindowCount(count: row[0], oldest: row[1])
    }
}
