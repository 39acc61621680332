import Logging
import PostgresNIO

/// The store in PostgreSQL (postgres-nio), for several instances behind one load balancer: a
/// send or a check locks its destination's row (`SELECT … FOR UPDATE`, the row made first when
/// missing), so instances take turns on one destination and never on two.
final class PostgresStore: VerificationStore {
    let client: PostgresClient
    private let logger: Logger

    init(client: PostgresClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    func prepare() async throws {
        let statements: [PostgresQuery] = [
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
            "CREATE TABLE IF NOT EXISTS accounts (destination TEXT PRIMARY KEY, password_hash TEXT NOT NULL, created_at BIGINT NOT NULL)",
        ]
        // Two instances starting at once must not race on the catalogue: one takes the lock.
        // Made once: DDL on tables in use would wait on the instances using them.
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(7310)", logger: logger)
            let found = try await connection.query("SELECT to_regclass('accounts')::TEXT", logger: logger)
            for try await name in found.decode(String?.self) where name != nil { return }
            for statement in statements { try await connection.query(statement, logger: logger) }
        }
    }

    func send(
        key: String, address: String, now: Int64, window: Int64,
        decide: @escaping @Sendable (VerificationLedger.SendState) -> VerificationLedger.SendDecision
    ) async throws -> VerificationLedger.SendDecision {
        try await client.withTransaction(logger: logger) { connection in
            let since = now - window
            try await connection.query("DELETE FROM sends WHERE limit_key = \(key) AND at <= \(since)", logger: logger)
            try await connection.query(
                "DELETE FROM sends WHERE address = \(address) AND at <= \(since)", logger: logger)
            try await connection.query(
                "DELETE FROM superseded_codes WHERE limit_key = \(key) AND until <= \(now)", logger: logger)
            let state = VerificationLedger.SendState(
                row: try await lockedRow(connection, key),
                destinationSends: try await self.window(
                    connection, "SELECT COUNT(*)::BIGINT, MIN(at) FROM sends WHERE limit_key = \(key)"),
                addressSends: try await self.window(
                    connection, "SELECT COUNT(*)::BIGINT, MIN(at) FROM sends WHERE address = \(address)"))
            let decision = decide(state)
            if case .send(_, let row, let superseded) = decision {
                try await save(connection, row)
                try await connection.query(
                    "INSERT INTO sends (limit_key, address, at) VALUES (\(key), \(address), \(now))", logger: logger)
                if let superseded {
                    try await connection.query(
                        "INSERT INTO superseded_codes (limit_key, code_hash, until) VALUES (\(key), \(ByteBuffer(bytes: superseded.hash)), \(superseded.until))",
                        logger: logger)
                }
            }
            return decision
        }
    }

    func check(
        key: String, address: String, now: Int64, window: Int64,
        decide: @escaping @Sendable (VerificationLedger.CheckState) -> VerificationLedger.CheckDecision
    ) async throws -> VerificationLedger.CheckDecision {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query(
                "DELETE FROM failures WHERE address = \(address) AND at <= \(now - window)", logger: logger)
            let row = try await lockedRow(connection, key)
            var superseded: [[UInt8]] = []
            let hashes = try await connection.query(
                "SELECT code_hash FROM superseded_codes WHERE limit_key = \(key) AND until > \(now)", logger: logger)
            for try await hash in hashes.decode(ByteBuffer.self) { superseded.append(Array(hash.readableBytesView)) }
            let state = VerificationLedger.CheckState(
                row: row,
                addressFailures: try await self.window(
                    connection, "SELECT COUNT(*)::BIGINT, MIN(at) FROM failures WHERE address = \(address)"),
                superseded: superseded)
            let decision = decide(state)
            switch decision {
            case .wrong(let row, _), .lock(let row, _):
                try await save(connection, row)
                try await connection.query(
                    "INSERT INTO failures (address, at) VALUES (\(address), \(now))", logger: logger)
            case .verified(let row, _, let proofHash, let expires):
                try await save(connection, row)
                try await connection.query(
                    "INSERT INTO proofs (proof_hash, destination, expires_at) VALUES (\(ByteBuffer(bytes: proofHash)), \(row.destination), \(expires))",
                    logger: logger)
            case .refuse, .expired, .superseded:
                break
            }
            return decision
        }
    }

    func proofIsValid(_ proofHash: [UInt8], for destination: String, now: Int64) async throws -> Bool {
        let rows = try await client.query(
            "SELECT 1 FROM proofs WHERE proof_hash = \(ByteBuffer(bytes: proofHash)) AND destination = \(destination) AND expires_at > \(now)",
            logger: logger)
        for try await _ in rows.decode(Int32.self) { return true }
        return false
    }

    func createAccount(
        destination: String, proofHash: [UInt8], passwordHash: String, now: Int64
    ) async throws -> AccountOutcome {
        try await client.withTransaction(logger: logger) { connection in
            let taken = try await connection.query(
                """
                DELETE FROM proofs WHERE proof_hash = \(ByteBuffer(bytes: proofHash)) AND destination = \(destination)
                AND expires_at > \(now) RETURNING 1
                """, logger: logger)
            var found = false
            for try await _ in taken.decode(Int32.self) { found = true }
            guard found else { return .invalidProof }
            let inserted = try await connection.query(
                """
                INSERT INTO accounts (destination, password_hash, created_at)
                VALUES (\(destination), \(passwordHash), \(now)) ON CONFLICT DO NOTHING RETURNING 1
                """, logger: logger)
            var created = false
            for try await _ in inserted.decode(Int32.self) { created = true }
            return created ? .created : .exists
        }
    }

    func close() async throws {}

    /// The destination's row, locked until the transaction ends; made first when missing, so
    /// that a first send has a row to lock too (its `sent_at` 0 means "never sent").
    private func lockedRow(_ connection: PostgresConnection, _ key: String) async throws -> CodeRow? {
        try await connection.query(
            """
            INSERT INTO codes (limit_key, destination, code_hash, sent_at, expires_at, attempts_left, locked_until)
            VALUES (\(key), '', NULL, 0, 0, 0, 0) ON CONFLICT (limit_key) DO NOTHING
            """, logger: logger)
        let rows = try await connection.query(
            """
            SELECT destination, code_hash, sent_at, expires_at, attempts_left, locked_until
            FROM codes WHERE limit_key = \(key) FOR UPDATE
            """, logger: logger)
        for try await (destination, hash, sentAt, expiresAt, attempts, locked) in rows.decode(
            (String, ByteBuffer?, Int64, Int64, Int32, Int64).self)
        {
            if sentAt == 0 && locked == 0 { return nil }
            return CodeRow(
                key: key, destination: destination, codeHash: hash.map { Array($0.readableBytesView) }, sentAt: sentAt,
                expiresAt: expiresAt,
                attemptsLeft: Int(attempts), lockedUntil: locked)
        }
        return nil
    }

    private func save(_ connection: PostgresConnection, _ row: CodeRow) async throws {
        try await connection.query(
            """
            UPDATE codes SET destination = \(row.destination), code_hash = \(row.codeHash.map { ByteBuffer(bytes: $0) }),
                sent_at = \(row.sentAt), expires_at = \(row.expiresAt), attempts_left = \(Int32(row.attemptsLeft)),
                locked_until = \(row.lockedUntil)
            WHERE limit_key = \(row.key)
            """, logger: logger)
    }

    private func window(_ connection: PostgresConnection, _ query: PostgresQuery) async throws -> WindowCount {
        let rows = try await connection.query(query, logger: logger)
        for try await (count, oldest) in rows.decode((Int64, Int64?).self) {
            return WindowCount(count: Int(count), oldest: oldest)
        }
        return .none
    }
}
