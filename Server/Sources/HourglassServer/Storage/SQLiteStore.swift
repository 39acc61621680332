import Foundation
import GRDB

/// The store in one SQLite file (GRDB, WAL): nothing to set up. Writes are serialised by
/// SQLite's write lock (`BEGIN IMMEDIATE`), so even two processes on one file keep the rules.
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
                        destination TEXT PRIMARY KEY, password_hash TEXT NOT NULL, created_at INTEGER NOT NULL);
                    """)
        }
    }

    func send(
        key: String, address: String, now: Int64, window: Int64,
        decide: @escaping @Sendable (VerificationLedger.SendState) -> VerificationLedger.SendDecision
    ) async throws -> VerificationLedger.SendDecision {
        try await immediate { db in
            let since = now - window
            try db.execute(sql: "DELETE FROM sends WHERE limit_key = ? AND at <= ?", arguments: [key, since])
            try db.execute(sql: "DELETE FROM sends WHERE address = ? AND at <= ?", arguments: [address, since])
            try db.execute(
                sql: "DELETE FROM superseded_codes WHERE limit_key = ? AND until <= ?", arguments: [key, now])
            let state = VerificationLedger.SendState(
                row: try Self.row(db, key),
                destinationSends: try Self.window(db, "SELECT COUNT(*), MIN(at) FROM sends WHERE limit_key = ?", key),
                addressSends: try Self.window(db, "SELECT COUNT(*), MIN(at) FROM sends WHERE address = ?", address))
            let decision = decide(state)
            if case .send(_, let row, let superseded) = decision {
                try Self.save(db, row)
                try db.execute(
                    sql: "INSERT INTO sends (limit_key, address, at) VALUES (?, ?, ?)", arguments: [key, address, now])
                if let superseded {
                    try db.execute(
                        sql: "INSERT INTO superseded_codes (limit_key, code_hash, until) VALUES (?, ?, ?)",
                        arguments: [key, Data(superseded.hash), superseded.until])
                }
            }
            return decision
        }
    }

    func check(
        key: String, address: String, now: Int64, window: Int64,
        decide: @escaping @Sendable (VerificationLedger.CheckState) -> VerificationLedger.CheckDecision
    ) async throws -> VerificationLedger.CheckDecision {
        try await immediate { db in
            try db.execute(
                sql: "DELETE FROM failures WHERE address = ? AND at <= ?", arguments: [address, now - window])
            let superseded = try Data.fetchAll(
                db, sql: "SELECT code_hash FROM superseded_codes WHERE limit_key = ? AND until > ?",
                arguments: [key, now])
            let state = VerificationLedger.CheckState(
                row: try Self.row(db, key),
                addressFailures: try Self.window(
                    db, "SELECT COUNT(*), MIN(at) FROM failures WHERE address = ?", address),
                superseded: superseded.map { Array($0) })
            let decision = decide(state)
            switch decision {
            case .wrong(let row, _), .lock(let row, _):
                try Self.save(db, row)
                try db.execute(sql: "INSERT INTO failures (address, at) VALUES (?, ?)", arguments: [address, now])
            case .verified(let row, _, let proofHash, let expires):
                try Self.save(db, row)
                try db.execute(
                    sql: "INSERT INTO proofs (proof_hash, destination, expires_at) VALUES (?, ?, ?)",
                    arguments: [Data(proofHash), row.destination, expires])
            case .refuse, .expired, .superseded:
                break
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

    func createAccount(
        destination: String, proofHash: [UInt8], passwordHash: String, now: Int64
    ) async throws -> AccountOutcome {
        try await immediate { db in
            try db.execute(
                sql: "DELETE FROM proofs WHERE proof_hash = ? AND destination = ? AND expires_at > ?",
                arguments: [Data(proofHash), destination, now])
            guard db.changesCount == 1 else { return .invalidProof }
            try db.execute(
                sql:
                    "INSERT INTO accounts (destination, password_hash, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                arguments: [destination, passwordHash, now])
            return db.changesCount == 1 ? .created : .exists
        }
    }

    func close() async throws {
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
            return result!
        }
    }

    private static func row(_ db: Database, _ key: String) throws -> CodeRow? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT destination, code_hash, sent_at, expires_at, attempts_left, locked_until
                    FROM codes WHERE limit_key = ?
                    """, arguments: [key])
        else { return nil }
        let hash: Data? = row["code_hash"]
        return CodeRow(
            key: key, destination: row["destination"], codeHash: hash.map { Array($0) }, sentAt: row["sent_at"],
            expiresAt: row["expires_at"], attemptsLeft: row["attempts_left"], lockedUntil: row["locked_until"])
    }

    private static func save(_ db: Database, _ row: CodeRow) throws {
        try db.execute(
            sql: """
                INSERT INTO codes (limit_key, destination, code_hash, sent_at, expires_at, attempts_left, locked_until)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (limit_key) DO UPDATE SET destination = excluded.destination,
                    code_hash = excluded.code_hash, sent_at = excluded.sent_at, expires_at = excluded.expires_at,
                    attempts_left = excluded.attempts_left, locked_until = excluded.locked_until
                """,
            arguments: [
                row.key, row.destination, row.codeHash.map { Data($0) }, row.sentAt, row.expiresAt, row.attemptsLeft,
                row.lockedUntil,
            ])
    }

    private static func window(_ db: Database, _ sql: String, _ value: String) throws -> WindowCount {
        guard let row = try Row.fetchOne(db, sql: sql, arguments: [value]) else { return .none }
        return WindowCount(count: row[0], oldest: row[1])
    }
}
