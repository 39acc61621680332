import Logging
import PostgresNIO

/// The PostgreSQL store's schema, in versions recorded in `schema_versions`. Every instance
/// migrates at start, in one transaction under the advisory lock 7310, with no statement
/// timeout (waiting for another instance's migration is no slow statement): instances starting
/// at once take turns, and the second finds the work done. A database made by 3.0, which has no
/// versions, takes version 1 as it is (its tables exist) and then every later version.
enum PostgresSchema {
    /// One version: its statements, then a fill-in of the rows that are there (if any).
    struct Migration: Sendable {
        let version: Int32
        let name: String
        let statements: [PostgresQuery]
        let fill: (@Sendable (PostgresConnection, Logger) async throws -> Void)?
    }

    static let migrations = [
        Migration(version: 1, name: "3.0's tables", statements: v1, fill: nil),
        Migration(version: 2, name: "identity by limit key", statements: identity, fill: fillIdentity),
        Migration(version: 3, name: "window counters", statements: windowCounts, fill: nil),
        Migration(version: 4, name: "pending deliveries", statements: deliveries, fill: nil),
        Migration(version: 5, name: "limit keys in form 2", statements: keyForm, fill: fillKeyForm),
    ]

    /// Brings the database to the last version; returns the versions it applied.
    @discardableResult
    static func migrate(_ client: PostgresClient, logger: Logger, now: Int64) async throws -> [Int32] {
        do {
            return try await migrate(client, logger: logger, at: now)
        } catch let error as PostgresTransactionError {
            // What stopped the migration, not the transaction's wrapping of it.
            throw error.closureError ?? error
        }
    }

    private static func migrate(_ client: PostgresClient, logger: Logger, at now: Int64) async throws -> [Int32] {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SET LOCAL statement_timeout = 0", logger: logger)
            try await connection.query("SELECT pg_advisory_xact_lock(7310)", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS schema_versions (
                    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)
                """, logger: logger)
            var applied: Set<Int32> = []
            for try await version in try await connection.query(
                "SELECT version FROM schema_versions", logger: logger
            ).decode(Int32.self) {
                applied.insert(version)
            }
            if let newest = applied.max(), let known = migrations.map(\.version).max(), newest > known {
                throw StoredIdentity.NewerDatabase.schema
            }
            var done: [Int32] = []
            for migration in migrations where !applied.contains(migration.version) {
                for statement in migration.statements { try await connection.query(statement, logger: logger) }
                try await migration.fill?(connection, logger)
                try await connection.query(
                    """
                    INSERT INTO schema_versions (version, name, applied_at)
                    VALUES (\(migration.version), \(migration.name), \(now))
                    """, logger: logger)
                logger.notice("database schema: version \(migration.version), \(migration.name)")
                done.append(migration.version)
            }
            for try await form in try await connection.query(
                "SELECT MAX(form) FROM limit_key_form", logger: logger
            ).decode(Int64.self) where form > StoredIdentity.form {
                throw StoredIdentity.NewerDatabase.form(form)
            }
            return done
        }
    }

    /// 3.0's tables.
    private static let v1: [PostgresQuery] = [
        """
        CREATE TABLE IF NOT EXISTS codes (
            limit_key TEXT PRIMARY KEY, destination TEXT NOT NULL, code_hash BYTEA,
            sent_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, attempts_left INTEGER NOT NULL,
            locked_until BIGINT NOT NULL)
        """,
        "CREATE TABLE IF NOT EXISTS superseded_codes (limit_key TEXT NOT NULL, code_hash BYTEA NOT NULL, until BIGINT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS superseded_codes_by_key ON superseded_codes (limit_key)",
        "CREATE TABLE IF NOT EXISTS sends (limit_key TEXT NOT NULL, address TEXT NOT NULL, at BIGINT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS sends_by_key ON sends (limit_key, at)",
        "CREATE INDEX IF NOT EXISTS sends_by_address ON sends (address, at)",
        "CREATE TABLE IF NOT EXISTS failures (address TEXT NOT NULL, at BIGINT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS failures_by_address ON failures (address, at)",
        "CREATE TABLE IF NOT EXISTS proofs (proof_hash BYTEA PRIMARY KEY, destination TEXT NOT NULL, expires_at BIGINT NOT NULL)",
        """
        CREATE TABLE IF NOT EXISTS accounts (
            destination TEXT PRIMARY KEY, password_hash TEXT NOT NULL, proof_hash BYTEA NOT NULL,
            created_at BIGINT NOT NULL)
        """,
    ]

    /// One identity per limit key (see `SQLiteSchema`'s version of the same name).
    private static let identity: [PostgresQuery] = [
        "ALTER TABLE accounts ADD COLUMN limit_key TEXT",
        "ALTER TABLE accounts ADD COLUMN proof_expires_at BIGINT NOT NULL DEFAULT 0",
        "ALTER TABLE proofs ADD COLUMN limit_key TEXT NOT NULL DEFAULT ''",
    ]

    /// The counters of fixed windows (see `SQLiteSchema`'s version of the same name).
    private static let windowCounts: [PostgresQuery] = [
        """
        CREATE TABLE window_counts (
            scope TEXT NOT NULL, window_start BIGINT NOT NULL, count BIGINT NOT NULL,
            PRIMARY KEY (scope, window_start))
        """
    ]

    /// The deliveries not ended yet (see `SQLiteSchema`'s version of the same name).
    private static let deliveries: [PostgresQuery] = [
        """
        CREATE TABLE deliveries (
            id TEXT PRIMARY KEY, expires_at BIGINT NOT NULL, lease_until BIGINT NOT NULL, sealed BYTEA NOT NULL)
        """
    ]

    /// The keys of the rows a 3.0 database holds, then the unique index they allow.
    private static func fillIdentity(_ connection: PostgresConnection, _ logger: Logger) async throws {
        var accounts: [String] = []
        for try await destination in try await connection.query(
            "SELECT destination FROM accounts ORDER BY created_at, destination", logger: logger
        ).decode(String.self) {
            accounts.append(destination)
        }
        for (destination, key) in zip(accounts, StoredIdentity.accountKeys(accounts)) {
            guard let key else { continue }
            try await connection.query(
                "UPDATE accounts SET limit_key = \(key) WHERE destination = \(destination)", logger: logger)
        }
        var proofs: [String] = []
        for try await destination in try await connection.query(
            "SELECT DISTINCT destination FROM proofs", logger: logger
        ).decode(String.self) {
            proofs.append(destination)
        }
        for destination in proofs {
            try await connection.query(
                "UPDATE proofs SET limit_key = \(StoredIdentity.limitKey(of: destination)) WHERE destination = \(destination)",
                logger: logger)
        }
        try await connection.query("CREATE UNIQUE INDEX accounts_by_key ON accounts (limit_key)", logger: logger)
    }

    /// The record of the stored keys' form (see `SQLiteSchema`'s version of the same name).
    private static let keyForm: [PostgresQuery] = [
        "CREATE TABLE limit_key_form (form BIGINT NOT NULL)"
    ]

    /// Every stored key brought to form 2, then the form recorded (``StoredIdentity``).
    private static func fillKeyForm(_ connection: PostgresConnection, _ logger: Logger) async throws {
        var keys: [String] = []
        for try await key in try await connection.query(
            PostgresQuery(unsafeSQL: StoredIdentity.keysQuery), logger: logger
        ).decode(String.self) {
            keys.append(key)
        }
        var accounts: [(destination: String, key: String?)] = []
        for try await (destination, key) in try await connection.query(
            PostgresQuery(unsafeSQL: StoredIdentity.accountsQuery), logger: logger
        ).decode((String, String?).self) {
            accounts.append((destination, key))
        }
        for statement in StoredIdentity.rekeying(keys: keys.sorted(), accounts: accounts) {
            var bindings = PostgresBindings()
            for argument in statement.arguments { bindings.append(argument) }
            try await connection.query(PostgresQuery(unsafeSQL: statement.sql, binds: bindings), logger: logger)
        }
        try await connection.query("INSERT INTO limit_key_form VALUES (\(StoredIdentity.form))", logger: logger)
    }
}
