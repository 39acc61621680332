import Foundation
import GRDB
import HummingbirdTesting
import Logging
import PostgresNIO
import SignUp
import Testing

@testable import HourglassServer

/// The schema in versions: a database made by 3.0 (its tables as 3.0 wrote them, no versions)
/// is upgraded in place when the server starts, every row kept, and a second start does nothing.
@Suite("Schema migrations, on SQLite and PostgreSQL")
struct MigrationTests {
    /// 3.0's tables, as its store made them (SQLite's dialect; PostgreSQL's differs in types).
    static func threeSchema(_ database: TestDatabase) -> [String] {
        let (blob, integer) = database == .sqlite ? ("BLOB", "INTEGER") : ("BYTEA", "BIGINT")
        return [
            """
            CREATE TABLE codes (limit_key TEXT PRIMARY KEY, destination TEXT NOT NULL, code_hash \(blob),
                sent_at \(integer) NOT NULL, expires_at \(integer) NOT NULL, attempts_left INTEGER NOT NULL,
                locked_until \(integer) NOT NULL)
            """,
            "CREATE TABLE superseded_codes (limit_key TEXT NOT NULL, code_hash \(blob) NOT NULL, until \(integer) NOT NULL)",
            "CREATE TABLE sends (limit_key TEXT NOT NULL, address TEXT NOT NULL, at \(integer) NOT NULL)",
            "CREATE TABLE failures (address TEXT NOT NULL, at \(integer) NOT NULL)",
            "CREATE TABLE proofs (proof_hash \(blob) PRIMARY KEY, destination TEXT NOT NULL, expires_at \(integer) NOT NULL)",
            """
            CREATE TABLE accounts (destination TEXT PRIMARY KEY, password_hash TEXT NOT NULL,
                proof_hash \(blob) NOT NULL, created_at \(integer) NOT NULL)
            """,
        ]
    }

    /// 3.0's rows: two accounts of one mailbox (3.0 made one per spelling), a phone's account,
    /// a live proof (ending 5 minutes after the harness's start) and a code; `proofHash` the live
    /// proof's.
    static func threeRows(_ database: TestDatabase, _ local: String, proofHash: [UInt8]) -> [String] {
        // Bytes as each dialect writes them.
        let blob = { (hex: String) in database == .sqlite ? "X'\(hex)'" : "decode('\(hex)', 'hex')" }
        let hex = proofHash.map { String(format: "%02x", $0) }.joined()
        return [
            "INSERT INTO accounts VALUES ('\(local.capitalized)@example.com', 'pbkdf2-sha256$1$AA==$AA==', \(blob("01")), 1)",
            "INSERT INTO accounts VALUES ('\(local)@example.com', 'pbkdf2-sha256$1$AA==$AA==', \(blob("02")), 2)",
            "INSERT INTO accounts VALUES ('+14155550199', 'pbkdf2-sha256$1$AA==$AA==', \(blob("03")), 3)",
            "INSERT INTO proofs VALUES (\(blob(hex)), 'ada.\(local)@example.com', 1800000300000)",
            "INSERT INTO codes VALUES ('+14155550123', '+14155550123', NULL, 1, 2, 5, 0)",
        ]
    }

    @Test(
        "a 3.0 database is upgraded in place: rows kept, keys filled in, versions recorded",
        arguments: TestDatabase.available)
    func upgradesThree(database: TestDatabase) async throws {
        var server = try ServerHarness(database)
        let local = "multi.\(UUID().uuidString.prefix(8).lowercased())"
        let key = [UInt8](repeating: 7, count: 32)
        let proofHash = CodeHasher(key: key).hash(proof: "legacy-proof")
        if database == .sqlite {
            try Data(key).write(to: URL(fileURLWithPath: server.configuration.database + ".key"))
        }
        let reader = try await Self.threeDatabase(
            &server, database, rows: Self.threeRows(database, local, proofHash: proofHash))
        let harness = server
        for _ in 0..<2 {  // a second start finds every version applied
            try await harness.run { client in
                let exists = try await IdentityTests.create(
                    client, harness, "\(local.uppercased())+x@example.com",
                    proof: try await IdentityTests.proof(client, harness, for: "\(local.uppercased())+x@example.com"))
                #expect(exists.status == 409 && exists.type == "account-exists")
                harness.clock.advance(by: .seconds(60))
            }
        }
        try await harness.run { client in
            // 3.0's live proof, bound by its key now: any spelling of its mailbox uses it.
            let created = try await IdentityTests.create(
                client, harness, "Ada.\(local)@Example.com", proof: "legacy-proof")
            #expect(created.status == 201)
        }
        let rows = try await reader.rows(
            "SELECT destination || ' ' || COALESCE(limit_key, '-') FROM accounts ORDER BY created_at")
        #expect(
            rows == [
                "\(local.capitalized)@example.com \(local)@example.com", "\(local)@example.com -",
                "+14155550199 +14155550199", "Ada.\(local)@example.com ada.\(local)@example.com",
            ])
        #expect(
            try await reader.rows("SELECT destination FROM codes WHERE limit_key = '+14155550123'") == ["+14155550123"])
        let versions = try await reader.versions()
        #expect(
            versions
                == (database == .sqlite
                    ? ["v1", "v2-identity", "v3-window-counts", "v4-deliveries", "v5-key-form"]
                    : ["1", "2", "3", "4", "5"]))
    }

    /// A database as 3.0 made it, holding `rows`, for `server` (a PostgreSQL one made for it);
    /// a reader of it.
    static func threeDatabase(
        _ server: inout ServerHarness, _ database: TestDatabase, rows: [String]
    ) async throws -> Reader {
        let statements = threeSchema(database) + rows
        switch database {
        case .sqlite:
            let path = server.configuration.database
            let queue = try DatabaseQueue(path: path)
            try await queue.write { db in for sql in statements { try db.execute(sql: sql) } }
            try queue.close()
            return .sqlite(path)
        case .postgres:
            let url = try await newPostgresDatabase(from: server.configuration.database)
            server.configuration.database = url
            try await postgres(url) { connection in
                for sql in statements {
                    try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
                }
            }
            return .postgres(url)
        }
    }

    /// Reads rows back as text, from a SQLite file or a PostgreSQL database.
    enum Reader {
        case sqlite(String)
        case postgres(String)

        func rows(_ sql: String) async throws -> [String] {
            switch self {
            case .sqlite(let path):
                let queue = try DatabaseQueue(path: path)
                defer { try? queue.close() }
                return try await queue.read { db in try String.fetchAll(db, sql: sql) }
            case .postgres(let url):
                var rows: [String] = []
                try await MigrationTests.postgres(url) { connection in
                    for try await row in try await connection.query(
                        PostgresQuery(unsafeSQL: sql), logger: MigrationTests.logger
                    )
                    .decode(String.self) {
                        rows.append(row)
                    }
                }
                return rows
            }
        }

        func execute(_ sql: String) async throws {
            switch self {
            case .sqlite(let path):
                let queue = try DatabaseQueue(path: path)
                defer { try? queue.close() }
                try await queue.write { db in try db.execute(sql: sql) }
            case .postgres(let url):
                try await MigrationTests.postgres(url) { connection in
                    try await connection.query(PostgresQuery(unsafeSQL: sql), logger: MigrationTests.logger)
                }
            }
        }

        func versions() async throws -> [String] {
            switch self {
            case .sqlite: try await rows("SELECT identifier FROM grdb_migrations ORDER BY rowid")
            case .postgres: try await rows("SELECT version::TEXT FROM schema_versions ORDER BY version")
            }
        }
    }

    static let logger = Logger(label: "migration-test")

    /// A new, empty database on the test server; its URL.
    static func newPostgresDatabase(from url: String) async throws -> String {
        let name = "hourglass_upgrade_\(UUID().uuidString.prefix(8).lowercased())"
        try await postgres(url) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
        }
        var components = try #require(URLComponents(string: url))
        components.path = "/" + name
        return try #require(components.string)
    }

    /// Runs `body` on one connection to the database at `url`.
    static func postgres(_ url: String, _ body: (PostgresConnection) async throws -> Void) async throws {
        guard case .postgres(_, let probe) = try DatabaseLocation.parse(url), let probe else {
            Issue.record("\(url) is no PostgreSQL URL")
            return
        }
        let connection = try await PostgresConnection.connect(
            on: PostgresConnection.defaultEventLoopGroup.next(), configuration: probe, id: 1, logger: logger
        ).get()
        do { try await body(connection) } catch {
            try? await connection.close()
            // PSQLError hides PostgreSQL's message from its description.
            Issue.record("PostgreSQL: \(String(reflecting: error))")
            throw error
        }
        try await connection.close()
    }
}
