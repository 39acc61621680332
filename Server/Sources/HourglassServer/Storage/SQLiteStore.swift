import Foundation
import GRDB

/// The store in one SQLite file (GRDB, WAL): nothing to set up. Writes are serialised by
/// SQLite's write lock (`BEGIN IMMEDIATE`), so even two processes on one file keep the rules.
/// The statements of sends and checks are prepared once per connection.
final class SQLiteStore: VerificationStore {
    private let pool: DatabasePool

    /// Opens (or creates) the database at `path`.
    init(path: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        pool = try DatabasePool(path: path, configuration: configuration)
    }

    func prepare() async throws {
        try await pool.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE IF NOT EXISTS codes (
                        limit_key TEXT PRIMARY KEY, destination TEXT NOT NULL, code_hash BLOB,
                        sent_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, attempts_left INTEGER NOT NULL,
                        locked_until INTEGER NOT NULL);
                    CREATE TABLE IF NOT EXISTS superseded_codes (
                        limit_key TEXT NOT NULL, code_hash BLOB NOT NULL, until INTEGER NOT NULL);
                    CREATE INDEX IF NOT EXISTS superseded_codes_by_key ON superseded_codes (limit_key);
                    CREATE TABLE IF NOT EXISTS sends (limit_key TEXT NOT NULL, address TEXT NOT NULL, at INTEGER NOT NULL);
                    CREATE INDEX IF NOT EXISTS sends_by_key ON sends (limit_key, at);
                    CREATE INDEX IF NOT EXISTS sends_by_address ON sends (address, at);
                    CREATE TABLE IF NOT EXISTS failures (address TEXT NOT NULL, at INTEGER NOT NULL);
                    CREATE INDEX IF NOT EXISTS failures_by_address ON failures (address, at);
                    CREATE TABLE IF NOT EXISTS proofs (
                        proof_hash BLOB PRIMARY KEY, destination TEXT NOT NULL, expires_at INTEGER NOT NULL);
                    CREATE TABLE IF NOT EXISTS accounts (
                        destination TEXT PRIMARY KEY, password_hash TEXT NOT NULL, proof_hash BLOB NOT NULL,
                        created_at INTEGER NOT NULL);
                    """)
        }
    }

    func send(
        key: String, address: String, now: Int64, since: Int64,
        decide: @escaping @Sendable (VerificationLedger.SendState) -> VerificationLedger.SendDecision
    ) async throws -> VerificationLedger.SendDecision {
        try await immediate { db in
            let state = VerificationLedger.SendState(
                row: try Self.row(db, key),
                destinationSends: try Self.window(
                    db, "SELECT COUNT(*), MIN(at) FROM sends WHERE limit_key = ? AND at > ?", key, since),
                addressSends: try Self.window(
                    db, "SELECT COUNT(*), MIN(at) FROM sends WHERE address = ? AND at > ?", address, since))
            let decision = decide(state)
            if case .send(_, let row, let superseded, _) = decision {
                try Self.save(db, row)
                try Self.run(db, "INSERT INTO sends (limit_key, address, at) VALUES (?, ?, ?)", [key, address, now])
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
        key: String, address: String, now: Int64, since: Int64,
        decide: @escaping @Sendable (VerificationLedger.CheckState) -> VerificationLedger.CheckDecision
    ) async throws -> VerificationLedger.CheckDecision {
        try await immediate { db in
            let superseded = try Data.fetchAll(
                db.cachedStatement(sql: "SELECT code_hash FROM superseded_codes WHERE limit_key = ? AND until > ?"),
                arguments: [key, now])
            let state = VerificationLedger.CheckState(
                row: try Self.row(db, key),
                addressFailures: try Self.window(
                    db, "SELECT COUNT(*), MIN(at) FROM failures WHERE address = ? AND at > ?", address, since),
                superseded: superseded.map { Array($0) })
            let decision = decide(state)
            switch decision {
            case .wrong(let row, _), .lock(let row, _):
                try Self.save(db, row)
            case .verified(let row, _, let proofHash, let expires, let destination):
                try Self.save(db, row)
                try Self.run(
                    db, "INSERT INTO proofs (proof_hash, destination, expires_at) VALUES (?, ?, ?)",
                    [Data(proofHash), destination, expires])
            case .refuse, .expired, .superseded:
                break
            }
            if decision.isFailure {
                try Self.run(db, "INSERT INTO failures (address, at) VALUES (?, ?)", [address, now])
            }
            return decision
        }
    }

    func proofIsValid(_ proofHash: [UInt8], for destination: String, now: Int64) async throws -> Bool {
        try await pool.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT 1 FROM proofs WHERE proof_hash = ? AND destination = ? AND expires_at > ?",
                arguments: [Data(proofHash), destination, now]) ?? false
        }
    }

    func accountMade(with proofHash: [UInt8], for destination: String) async throws -> String? {
        try await pool.read { db in
            try String.fetchOne(
                db, sql: "SELECT password_hash FROM accounts WHERE proof_hash = ? AND destination = ?",
                arguments: [Data(proofHash), destination])
        }
    }

    func undoSend(key: String, sentAt: Int64) async throws {
        try await immediate { db in
            try db.execute(
                sql:
                    "UPDATE codes SET code_hash = NULL, sent_at = 0, expires_at = 0 WHERE limit_key = ? AND sent_at = ?",
                arguments: [key, sentAt])
            try db.execute(sql: "DELETE FROM sends WHERE limit_key = ? AND at = ?", arguments: [key, sentAt])
        }
    }

    func createAccount(
        destination: String, proofHash: [UInt8], passwordHash: String, now: Int64
    ) async throws -> AccountOutcome {
        try await immediate { db in
            try db.execute(
                sql: "DELETE FROM proofs WHERE proof_hash = ? AND destination = ? AND expires_at > ?",
                arguments: [Data(proofHash), destination, now])
            guard db.changesCount == 1 else { return .invalidProof }
            try db.execute(
                sql: """
                    INSERT INTO accounts (destination, password_hash, proof_hash, created_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT DO NOTHING
                    """,
                arguments: [destination, passwordHash, Data(proofHash), now])
            return db.changesCount == 1 ? .created : .exists
        }
    }

    func purge(now: Int64, since: Int64, idleSince: Int64) async throws {
        try await immediate { db in
            let statements: [(String, StatementArguments)] = [
                ("DELETE FROM sends WHERE at <= ?", [since]),
                ("DELETE FROM failures WHERE at <= ?", [since]),
                ("DELETE FROM superseded_codes WHERE until <= ?", [now]),
                ("DELETE FROM proofs WHERE expires_at <= ?", [now]),
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
        let hash: Data? = row["code_hash"]
        return CodeRow(
            key: key, destination: row["destination"], codeHash: hash.map { Array($0) }, sentAt: row["sent_at"],
            expiresAt: row["expires_at"], attemptsLeft: row["attempts_left"], lockedUntil: row["locked_until"])
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

    private static func window(_ db: Database, _ sql: String, _ value: String, _ since: Int64) throws -> WindowCount {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [value, since]) else { return .none }
        return WindowCount(count: row[0], oldest: row[1])
    }
}
