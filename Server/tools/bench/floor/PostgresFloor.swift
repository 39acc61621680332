import Foundation
import Logging
import PostgresNIO

/// pgbench's own statements (send.sql, check.sql), each request's in one transaction through
/// postgres-nio, prepared as the server prepares its own.
struct PostgresFloor: FloorStore {
    let client: PostgresClient
    let logger: Logger

    init(url: URLComponents, logger: Logger) {
        var configuration = PostgresClient.Configuration(
            host: url.host ?? "127.0.0.1", port: url.port ?? 5432, username: url.user ?? "postgres",
            password: url.password, database: String(url.path.dropFirst()), tls: .disable)
        // As the benchmark starts the server: 64 connections, as pgbench has 64 clients.
        configuration.options.maximumConnections = 64
        client = PostgresClient(configuration: configuration)
        self.logger = logger
        precondition(
            PgbenchScript.send.statements.count == Self.sendSteps.count
                && PgbenchScript.check.statements.count == Self.checkSteps.count,
            "send.sql and check.sql have the statements this floor has types for")
    }

    func run() async { await client.run() }

    func send(destination: String, address: String) async throws {
        try await transaction(Self.sendSteps, destination, address)
    }

    func check(destination: String, address: String) async throws {
        try await transaction(Self.checkSteps, destination, address)
    }

    private func transaction(_ steps: [Step], _ destination: String, _ address: String) async throws {
        try await client.withTransaction(logger: logger) { connection in
            for step in steps { try await step(connection, destination, address, logger) }
        }
    }

    typealias Step = @Sendable (PostgresConnection, String, String, Logger) async throws -> Void
    static let sendSteps = [step(Send0.self), step(Send1.self), step(Send2.self), step(Send3.self)]
    static let checkSteps = [
        step(Check0.self), step(Check1.self), step(Check2.self), step(Check3.self), step(Check4.self),
    ]

    static func step<Slot: ScriptSlot>(_ slot: Slot.Type) -> Step {
        { connection, destination, address, logger in
            for try await _ in try await connection.execute(
                ScriptStatement<Slot>(destination: destination, address: address), logger: logger)
            {}
        }
    }
}

/// A statement of a pgbench script, prepared: `$1` the destination, `$2` the client address,
/// where the script has `'+1' || :n::text` and `'a' || :a::text`.
struct ScriptStatement<Slot: ScriptSlot>: PostgresPreparedStatement {
    static var sql: String { Slot.statement.sql }
    static var bindingDataTypes: [PostgresDataType] { Slot.statement.parameters.map { _ in .text } }
    let destination: String, address: String
    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings()
        for parameter in Slot.statement.parameters { bindings.append(parameter == 1 ? destination : address) }
        return bindings
    }
    func decodeRow(_ row: PostgresRow) throws {}
}

/// One statement of one script: a type each, as postgres-nio names a prepared statement by its type.
protocol ScriptSlot: SendableMetatype { static var statement: PgbenchScript.Statement { get } }
enum Send0: ScriptSlot { static var statement: PgbenchScript.Statement { PgbenchScript.send.statements[0] } }
enum Send1: ScriptSlot { static var statement: PgbenchScript.Statement { PgbenchScript.send.statements[1] } }
enum Send2: ScriptSlot { static var statement: PgbenchScript.Statement { PgbenchScript.send.statements[2] } }
enum Send3: ScriptSlot { static var statement: PgbenchScript.Statement { PgbenchScript.send.statements[3] } }
enum Check0: ScriptSlot { static var statement: PgbenchScript.Statement { PgbenchScript.check.statements[0] } }
enum Check1: ScriptSlot { static var statement: PgbenchScript.Statement { PgbenchScript.check.statements[1] } }
enum Check2: ScriptSlot { static var statement: PgbenchScript.Statement { PgbenchScript.check.statements[2] } }
enum Check3: ScriptSlot { static var statement: PgbenchScript.Statement { PgbenchScript.check.statements[3] } }
enum Check4: ScriptSlot { static var statement: PgbenchScript.Statement { PgbenchScript.check.statements[4] } }

/// A pgbench script's statements between `BEGIN;` and `END;`.
struct PgbenchScript: Sendable {
    struct Statement: Sendable {
        var sql: String
        /// Which of `$1` (destination) and `$2` (address) it uses, in order.
        var parameters: [Int]
    }
    var statements: [Statement]

    static let send = PgbenchScript(path: FloorArguments.current.scripts + "/send.sql")
    static let check = PgbenchScript(path: FloorArguments.current.scripts + "/check.sql")

    init(path: String) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fatalError("cannot read \(path)") }
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("--") && !$0.hasPrefix("\\") }
        let body = lines.drop { $0 != "BEGIN;" }.dropFirst().prefix { $0 != "END;" }.joined(separator: "\n")
        statements = FloorArguments.split(body).map { text in
            let sql = text.replacingOccurrences(of: "'+1' || :n::text", with: "$1")
                .replacingOccurrences(of: "'a' || :a::text", with: "$2")
            precondition(!sql.contains(":n") && !sql.contains(":a::"), "an unknown variable in \(sql)")
            let parameters = [1, 2].filter { sql.contains("$\($0)") }
            // Parameters numbered in their order: a statement with `$2` only binds one.
            let renumbered = parameters == [2] ? sql.replacingOccurrences(of: "$2", with: "$1") : sql
            return Statement(sql: renumbered, parameters: parameters)
        }
    }
}
