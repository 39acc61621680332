import Foundation
import HummingbirdTesting
import Logging
import Synchronization
import Testing

@testable import HourglassServer

/// What the server logs: at `trace`, on both databases, no code, no proof, no password hash, no
/// destination in clear, no database row.
@Suite("The server's log")
struct LoggingTests {
    /// Every message and metadata value logged, as text.
    final class Captured: Sendable {
        let lines = Mutex<[String]>([])

        var handler: @Sendable (String) -> any LogHandler {
            { [self] label in Handler(label: label, captured: self) }
        }

        struct Handler: LogHandler {
            let label: String
            let captured: Captured
            var logLevel: Logger.Level = .trace
            var metadata: Logger.Metadata = [:]

            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { metadata[key] }
                set { metadata[key] = newValue }
            }

            func log(event: LogEvent) {
                let fields = metadata.merging(event.metadata ?? [:]) { $1 }.map { "\($0)=\($1)" }
                captured.lines.withLock { $0.append(([event.message.description] + fields).joined(separator: " ")) }
            }
        }
    }

    @Test("at trace, a send, a check and an account log nothing secret and no row", arguments: TestDatabase.available)
    func nothingSecret(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        let captured = Captured()
        var logger = Logger(label: "test", factory: captured.handler)
        logger.logLevel = .trace
        let email = "traced.\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let app = try VerificationServer.makeApplication(server.configuration, logger: logger)
        let proofs = Mutex<[String]>([])
        try await app.test(.router) { client in
            let proof = try await IdentityTests.proof(client, server, for: email)
            proofs.withLock { $0.append(proof) }
            #expect(try await IdentityTests.create(client, server, email, proof: proof).status == 201)
        }
        let proof = try #require(proofs.withLock { $0.first })
        let code = try #require(try server.codes(to: email).last)
        let lines = captured.lines.withLock { $0 }
        #expect(!lines.isEmpty)
        for secret in [code, proof, email, "pbkdf2-sha256", email.split(separator: "@")[0].description] {
            #expect(lines.allSatisfy { !$0.contains(secret) }, "\(secret) was logged")
        }
        #expect(lines.contains { $0.contains("t***@example.com") })
    }
}
