import Foundation
import Testing

@testable import HourglassServer

/// A proof's account answer replayed: a lost `201` answered again, a few times, never a free
/// way to fill the hashing queue.
@Suite("Replays of a proof, bounded, and the hashing queue shared by address, on SQLite and PostgreSQL")
struct ReplayFloodTests {
    @Test(
        "a proof's 201 is replayed three times at most; then it is an invalid proof, counted as a failure",
        arguments: TestDatabase.available)
    func replayLimit(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        let phone = ServerHarness.newPhone()
        try await server.run { client in
            let proof = try await IdentityTests.proof(client, server, for: phone)
            #expect(try await IdentityTests.create(client, server, phone, proof: proof).status == 201)
            var statuses: [Int] = []
            for _ in 0..<5 {
                statuses.append(try await IdentityTests.create(client, server, phone, proof: proof).status)
            }
            #expect(statuses == [201, 201, 201, 403, 403])
        }
    }

    @Test(
        "a flood of replays from one address: honest registrations from others all succeed",
        arguments: TestDatabase.available)
    func flood(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        let phone = ServerHarness.newPhone()
        try await server.run { client in
            let proof = try await IdentityTests.proof(client, server, for: phone)
            #expect(try await IdentityTests.create(client, server, phone, proof: proof).status == 201)
            let honest = (0..<4).map { _ in ServerHarness.newEmail() }
            var made: [String: String] = [:]
            for email in honest { made[email] = try await IdentityTests.proof(client, server, for: email) }
            let proofs = made
            let request = ["destination": phone, "password": "a long passphrase", "proof": proof]
            let (replayed, registered) = try await withThrowingTaskGroup(of: (Bool, Int).self) { group in
                for _ in 0..<48 {
                    group.addTask {
                        (true, try await client.post("/v1/accounts", request, from: "198.51.100.66").status)
                    }
                }
                for (index, email) in honest.enumerated() {
                    group.addTask {
                        let body = ["destination": email, "password": "a long passphrase", "proof": proofs[email]!]
                        return (false, try await client.post("/v1/accounts", body, from: "203.0.113.\(index)").status)
                    }
                }
                var replayed: [Int] = []
                var registered: [Int] = []
                for try await (isReplay, status) in group {
                    if isReplay { replayed.append(status) } else { registered.append(status) }
                }
                return (replayed, registered)
            }
            #expect(registered == [201, 201, 201, 201])
            #expect(replayed.count == 48 && replayed.filter { $0 == 201 }.count <= 3)
            #expect(replayed.allSatisfy { [201, 403, 503].contains($0) })
        }
    }
}
