import Foundation
import GRDB
import ServiceLifecycle

/// The SQLite loop's statements (sqlite-send.sql, sqlite-check.sql), each request's in one
/// `BEGIN IMMEDIATE` transaction through GRDB, as `SQLiteStore` runs its own.
struct SQLiteFloor: FloorStore {
    let pool: DatabasePool
    let sendStatements: [String]
    let checkStatements: [String]

    init(path: String, scripts: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        pool = try DatabasePool(path: path, configuration: configuration)
        let read = { (name: String) in
            let text = try String(contentsOfFile: scripts + "/" + name, encoding: .utf8)
            return FloorArguments.split(
                text.split(separator: "\n").filter { !$0.hasPrefix("--") }.joined(separator: "\n"))
        }
        let schema = try read("sqlite-schema.sql")
        try pool.write { db in for statement in schema { try db.execute(sql: statement) } }
        sendStatements = try read("sqlite-send.sql")
        checkStatements = try read("sqlite-check.sql")
    }

    /// Nothing to run: waits for the application's end.
    func run() async { try? await gracefulShutdown() }

    func send(destination: String, address: String) async throws {
        try await transaction(sendStatements, destination, address)
    }

    func check(destination: String, address: String) async throws {
        try await transaction(checkStatements, destination, address)
    }

    /// Runs `statements` in one `BEGIN IMMEDIATE` transaction, with `:key` and `:address`.
    private func transaction(_ statements: [String], _ key: String, _ address: String) async throws {
        try await pool.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                for sql in statements {
                    let statement = try db.cachedStatement(sql: sql)
                    var arguments: [String: String] = [:]
                    if sql.contains(":key") { arguments["key"] = key }
                    if sql.contains(":address") { arguments["address"] = address }
                    _ = try Row.fetchAll(statement, arguments: StatementArguments(arguments))
                }
                return .commit
            }
        }
    }
}
