import ArgumentParser
import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import Testing

@testable import HourglassServer

/// What an operator runs the server with: probes, options from the environment, the start line.
@Suite("Operating the server")
struct OperationsTests {
    @Test(
        "GET /healthz answers while the process serves, GET /readyz once the database answers",
        arguments: TestDatabase.available)
    func probes(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        try await server.run { client in
            for path in ["/healthz", "/readyz"] {
                let status = try await client.execute(uri: path, method: .get) { Int($0.status.code) }
                #expect(status == 200, "\(path)")
            }
        }
    }

    @Test("every option comes from HOURGLASS_…, the command line winning; a database URL from a file")
    func environment() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("url-\(UUID().uuidString)")
        try Data("postgres://app:secret@db/app\n".utf8).write(to: file)
        let arguments = try EnvironmentOptions.arguments(
            ["--port", "9000"],
            environment: [
                "HOURGLASS_PORT": "8000", "HOURGLASS_HOST": "::", "HOURGLASS_DEV": "1",
                "HOURGLASS_TRUST_FORWARDED_FOR": "no",
                "HOURGLASS_DATABASE_FILE": file.path, "HOURGLASS_WEBHOOK_SECRET_FILE": "/run/secrets/webhook",
            ])
        #expect(
            arguments == [
                "--port", "9000", "--host", "::", "--database", "postgres://app:secret@db/app", "--webhook-secret-file",
                "/run/secrets/webhook", "--dev",
            ])
        #expect(EnvironmentOptions.variable("address-failure-limit") == "HOURGLASS_ADDRESS_FAILURE_LIMIT")
        #expect(throws: ServerSetupError.self) {
            try EnvironmentOptions.arguments([], environment: ["HOURGLASS_DATABASE_FILE": "/nonexistent/url"])
        }
    }

    @Test("every option the command line has may come from the environment")
    func everyOption() {
        let help = ServerCommand.helpMessage(columns: 400)
        let options = Set(
            help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," })
                .filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) }
        ).subtracting(["help"])
        #expect(options == Set(EnvironmentOptions.valued + EnvironmentOptions.flags))
    }

    @Test("the start line names the database with its password masked, where codes go, and --dev")
    func startLine() {
        var configuration = ServerConfiguration()
        configuration.database = "postgres://app:secret@db.internal:5432/app"
        configuration.dev = true
        let line = VerificationServer.startLine(configuration)
        #expect(!line.contains("secret"))
        #expect(
            line.hasPrefix(
                "hourglass-server starting on 127.0.0.1:8080, at most 1000 connections, database postgres://app:"))
        #expect(line.hasSuffix("codes to the outbox outbox.jsonl, --dev: the outbox served at GET /v1/outbox"))
    }

    @Test(
        "VerificationServer.run refuses what the command line refuses, naming the option",
        arguments: [
            ("port", "the port (--port) must be in 0...65535, not 70000"),
            ("maxConnections", "the connection cap (--max-connections) must be in 1...1000000, not 0"),
            (
                "maxConnectionsPerAddress",
                "the connections per address (--max-connections-per-address) must be in 1...1000000, not -1"
            ),
            ("databaseConnections", "the database connections (--database-connections) must be in 1...1000, not 0"),
            ("metricsPort", "the metrics port (--metrics-port) must not be the API's, 8080"),
            (
                "databaseTimeout",
                "the database timeout (--database-timeout) must be more than 0 and at most 300.0 seconds, not -1.0 seconds"
            ),
            (
                "writeDeadline",
                "the write deadline (--write-deadline) must be more than 0 and at most 300.0 seconds, not 301.0 seconds"
            ),
            (
                "shutdownGrace",
                "the shutdown grace (--shutdown-grace) must be more than 0 and at most 3600.0 seconds, not 0.0 seconds"
            ),
            ("codeLength", "the code length must be in 4...10, not 11"),
        ])
    func validation(field: String, message: String) {
        var configuration = ServerConfiguration()
        switch field {
        case "port": configuration.port = 70_000
        case "maxConnections": configuration.maxConnections = 0
        case "maxConnectionsPerAddress": configuration.maxConnectionsPerAddress = -1
        case "databaseConnections": configuration.databaseConnections = 0
        case "metricsPort": configuration.metricsPort = 8080
        case "databaseTimeout": configuration.databaseTimeout = .seconds(-1)
        case "writeDeadline": configuration.writeDeadline = .seconds(301)
        case "shutdownGrace": configuration.shutdownGrace = .zero
        default: configuration.rules.codeLength = 11
        }
        #expect(throws: ServerSetupError.invalidOption(message)) { try configuration.validated() }
        #expect(throws: ServerSetupError.invalidOption(message)) {
            _ = try VerificationServer.makeApplication(configuration, logger: Logger(label: "test"))
        }
        #expect((try? ServerConfiguration().validated()) != nil)
    }
}
