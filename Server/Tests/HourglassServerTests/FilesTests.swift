import Foundation
import HTTPTypes
import Testing

@testable import HourglassServer

/// The server's files: its owner's alone, and an outbox that a crash cannot break.
@Suite("The server's files")
struct FilesTests {
    static func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test("the database, its WAL, the key and the outbox are 0600, an existing 0644 file included")
    func ownerOnly() async throws {
        let server = try ServerHarness(.sqlite)
        let database = server.configuration.database
        for path in [database, server.configuration.outbox] {
            #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o644]))
        }
        try await server.run { client in
            let sent = try await client.post(
                "/v1/codes", ["destination": ServerHarness.newPhone()], from: server.address)
            #expect(sent.status == 200)
            // While the server runs: SQLite removes its WAL when the last connection closes.
            for path in [database, database + "-wal", database + ".key", server.configuration.outbox] {
                #expect(try Self.mode(path) == 0o600, "\(path)")
            }
        }
    }

    @Test("a line cut off in the outbox is skipped, and the next code starts a line of its own")
    func tornLine() async throws {
        let server = try ServerHarness(.sqlite)
        let (first, second) = (ServerHarness.newPhone(), ServerHarness.newPhone())
        try await server.run { client in
            #expect(try await client.post("/v1/codes", ["destination": first], from: server.address).status == 200)
            let outbox = try #require(FileHandle(forWritingAtPath: server.configuration.outbox))
            try outbox.seekToEnd()
            try outbox.write(contentsOf: Data(#"{"code":"123"#.utf8))
            try outbox.close()
            #expect(try await client.post("/v1/codes", ["destination": second], from: server.address).status == 200)
            let read = try await client.request(.get, "/v1/outbox", from: server.address)
            let messages = try #require(read["messages"] as? [[String: Any]])
            #expect(read.status == 200 && messages.compactMap { $0["destination"] as? String } == [first, second])
        }
        #expect(try server.codes(to: second).count == 1)
    }
}
