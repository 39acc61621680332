import GRDB

/// The SQLite store's schema, in versions: GRDB's `DatabaseMigrator`, each version run once, in
/// order, in the write transaction that records it (`grdb_migrations`). A database made by 3.0,
/// which has no versions, takes `v1` as it is (its tables exist) and then every later version.
enum SQLiteSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in try db.execute(sql: v1) }
        migrator.registerMigration("v2-identity") { db in try identity(db) }
        migrator.registerMigration("v3-window-counts") { db in try db.execute(sql: windowCounts) }
        migrator.registerMigration("v4-deliveries") { db in try db.execute(sql: deliveries) }
        migrator.registerMigration("v5-key-form") { db in try keyForm(db) }
        return migrator
    }

    /// 3.0's tables.
    private static let v1 = """
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
        """

    /// The counters of fixed windows (``WindowCounter``): a client address's sends and failures,
    /// and the send budgets, a row each; the sends are no longer counted by address (the index
    /// stays while instances of the release before may share the database). No index on the
    /// window's start alone: every row of a window has the same, and concurrent inserts would all
    /// go to one index page; the purge scans the table (a row per address active lately) once a
    /// minute instead. The windows of an upgraded database start afresh.
    private static let windowCounts = """
        CREATE TABLE window_counts (
            scope TEXT NOT NULL, window_start INTEGER NOT NULL, count INTEGER NOT NULL,
            PRIMARY KEY (scope, window_start));
        """

    /// The deliveries not ended yet (``PendingDelivery``): a row from a send's transaction to
    /// its delivery's end, the message sealed.
    private static let deliveries = """
        CREATE TABLE deliveries (
            id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL, lease_until INTEGER NOT NULL, sealed BLOB NOT NULL);
        """

    /// One identity per limit key: a proof is bound to its destination's key, an account is
    /// unique by it, and an account keeps its proof's end (a lost answer is answered again until
    /// then, never after). Keys are filled in for the rows a 3.0 database holds
    /// (``StoredIdentity``); its accounts' proofs are over (0).
    private static func identity(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE accounts ADD COLUMN limit_key TEXT;
                ALTER TABLE accounts ADD COLUMN proof_expires_at INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE proofs ADD COLUMN limit_key TEXT NOT NULL DEFAULT '';
                """)
        let accounts = try String.fetchAll(db, sql: "SELECT destination FROM accounts ORDER BY created_at, destination")
        for (destination, key) in zip(accounts, StoredIdentity.accountKeys(accounts)) where key != nil {
            try db.execute(
                sql: "UPDATE accounts SET limit_key = ? WHERE destination = ?", arguments: [key, destination])
        }
        for destination in try String.fetchAll(db, sql: "SELECT DISTINCT destination FROM proofs") {
            try db.execute(
                sql: "UPDATE proofs SET limit_key = ? WHERE destination = ?",
                arguments: [StoredIdentity.limitKey(of: destination), destination])
        }
        try db.execute(sql: "CREATE UNIQUE INDEX accounts_by_key ON accounts (limit_key)")
    }

    /// Every stored key brought to form 2 and the form recorded (``StoredIdentity``).
    private static func keyForm(_ db: Database) throws {
        let keys = try String.fetchAll(db, sql: StoredIdentity.keysQuery).sorted()
        let accounts = try Row.fetchAll(db, sql: StoredIdentity.accountsQuery).map { row in
            (destination: row[0] as String, key: row[1] as String?)
        }
        for statement in StoredIdentity.rekeying(keys: keys, accounts: accounts) {
            try db.execute(
                sql: statement.sql.replacing("$", with: "?"),
                arguments: StatementArguments(statement.arguments))
        }
        try db.execute(
            sql: "CREATE TABLE limit_key_form (form INTEGER NOT NULL); INSERT INTO limit_key_form VALUES (?)",
            arguments: [StoredIdentity.form])
    }

    /// Brings the database to the last version, unless a newer release made or re-keyed it.
    static func migrate(_ pool: DatabasePool) throws {
        try pool.read { db in
            if try migrator.hasBeenSuperseded(db) { throw StoredIdentity.NewerDatabase.schema }
            guard try db.tableExists("limit_key_form") else { return }
            if let form = try Int64.fetchOne(db, sql: "SELECT MAX(form) FROM limit_key_form"),
                form > StoredIdentity.form
            {
                throw StoredIdentity.NewerDatabase.form(form)
            }
        }
        try migrator.migrate(pool)
    }
}
