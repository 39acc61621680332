import Foundation
import HTTPTypes
import HummingbirdTesting
import SignUp
import Testing

@testable import HourglassServer

/// One destination, one identity: a proof is bound to its destination's limit key, an account
/// is unique by it, a lost `201` is answered again only within the proof's lifetime, and refused
/// account attempts count among the client address's failures, checked before any hashing.
@Suite("Accounts and proofs by limit key, on SQLite and PostgreSQL")
struct IdentityTests {
    /// A proof for `destination`, from a code sent to `sentTo` (by default the same spelling).
    static func proof(
        _ client: any TestClientProtocol, _ server: ServerHarness, for destination: String, sentTo: String? = nil
    ) async throws -> String {
        let sentTo = sentTo ?? destination
        #expect(try await client.post("/v1/codes", ["destination": sentTo], from: server.address).status == 200)
        let normalized = try #require(try? Destination.parse(sentTo).get()).normalized
        let code = try #require(try server.codes(to: normalized).last)
        let verified = try await client.post(
            "/v1/codes/check", ["destination": destination, "code": code], from: server.address)
        return try #require(verified["proof"] as? String)
    }

    static func create(
        _ client: any TestClientProtocol, _ server: ServerHarness, _ destination: String, proof: String,
        password: String = "a long passphrase"
    ) async throws -> Answer {
        try await client.post(
            "/v1/accounts", ["destination": destination, "password": password, "proof": proof], from: server.address)
    }

    @Test("one mailbox, one account: Multi@, multi@ and multi+2@ are one identity", arguments: TestDatabase.available)
    func oneMailbox(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        let local = "Multi.\(UUID().uuidString.prefix(8))"
        try await server.run { client in
            let first = try await Self.proof(client, server, for: "\(local)@example.com")
            #expect(try await Self.create(client, server, "\(local)@example.com", proof: first).status == 201)
            for spelling in ["\(local.lowercased())@example.com", "\(local.uppercased())+2@EXAMPLE.com"] {
                server.clock.advance(by: .seconds(60))
                let proof = try await Self.proof(client, server, for: spelling)
                let again = try await Self.create(client, server, spelling, proof: proof)
                #expect(again.status == 409 && again.type == "account-exists")
            }
        }
    }

    @Test(
        "look-alike domains are one destination (UTS 46): a code to one puts the plain spelling in its cooldown",
        arguments: [
            "alice@\u{1D41E}xample.com", "alice@e\u{FB00}.org", "alice@ex\u{034F}ample.com",
            "alice@exa\u{FE0F}mple.com",
        ])
    func lookAlikes(spelling: String) async throws {
        let server = try ServerHarness(.sqlite)
        let plain = try #require(try? Destination.parse(spelling).get()).normalized
        #expect(["alice@example.com", "alice@eff.org"].contains(plain))
        try await server.run { client in
            #expect(try await client.post("/v1/codes", ["destination": spelling], from: server.address).status == 200)
            let again = try await client.post("/v1/codes", ["destination": plain], from: server.address)
            #expect(again.status == 429 && again["retryAfter"] as? Int == 60)
            #expect(try server.codes(to: plain).count == 1)
        }
    }

    @Test(
        "a proof serves any spelling of its destination's limit key, and no other key",
        arguments: TestDatabase.available)
    func proofByKey(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        let local = "victim.\(UUID().uuidString.prefix(8))"
        try await server.run { client in
            let proof = try await Self.proof(
                client, server, for: "\(local)@example.com", sentTo: "\(local)+x@example.com")
            let other = try await Self.create(client, server, "other.\(local)@example.com", proof: proof)
            #expect(other.status == 403 && other.type == "invalid-proof")
            let created = try await Self.create(client, server, "\(local.capitalized)@Example.com", proof: proof)
            #expect(created.status == 201 && created["account"] as? String == "\(local.capitalized)@example.com")
        }
    }

    @Test("a lost 201 is answered again within the proof's lifetime, never after", arguments: TestDatabase.available)
    func replayWithinLifetime(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        let phone = ServerHarness.newPhone()
        try await server.run { client in
            let proof = try await Self.proof(client, server, for: phone)
            #expect(try await Self.create(client, server, phone, proof: proof).status == 201)
            server.clock.advance(by: .seconds(599))
            #expect(try await Self.create(client, server, phone, proof: proof).status == 201)
            #expect(try await Self.create(client, server, phone, proof: proof, password: "another one").status == 403)
            server.clock.advance(by: .seconds(2))
            let late = try await Self.create(client, server, phone, proof: proof)
            #expect(late.status == 403 && late.type == "invalid-proof")
        }
    }

    @Test(
        "refused account attempts count among the address's failures; past the limit, 429 with its wait",
        arguments: TestDatabase.available)
    func attemptsPerAddress(database: TestDatabase) async throws {
        let server = try ServerHarness(database) { $0.addressFailureLimit = 2 }
        let phone = ServerHarness.newPhone()
        try await server.run { client in
            for _ in 0..<2 {
                #expect(try await Self.create(client, server, phone, proof: "not-a-proof").status == 403)
                server.clock.advance(by: .seconds(10))
            }
            let limited = try await Self.create(client, server, phone, proof: "not-a-proof")
            #expect(limited.status == 429 && limited.type == "too-many-requests")
            #expect(limited["reason"] as? String == "rate_limited" && limited.headers[.retryAfter] == "3580")
            // A proof that is valid waits all the same: nothing is tried past the limit.
            server.clock.advance(by: .seconds(3_579))
            #expect(try await Self.create(client, server, phone, proof: "not-a-proof").status == 429)
            server.clock.advance(by: .seconds(1))
            #expect(try await Self.create(client, server, phone, proof: "not-a-proof").status == 403)
        }
    }

    @Test("PBKDF2 runs on a queue of its own, and refuses a hash past its waiting limit or an address's share")
    func hashingQueue() async throws {
        let hashing = PasswordHashing(waitingLimit: 1)
        let stored = try await hashing.hash(Secret("correct horse"), for: "198.51.100.1")
        #expect(stored.hasPrefix("pbkdf2-sha256$210000$"))
        #expect(try await hashing.verify(Secret("correct horse"), matches: stored, for: "198.51.100.1"))
        #expect(try await !hashing.verify(Secret("wrong horse"), matches: stored, for: "198.51.100.1"))
        await #expect(throws: PasswordHashing.Busy.self) {
            try await PasswordHashing(waitingLimit: 0).hash(Secret("x"), for: "198.51.100.1")
        }
        await #expect(throws: PasswordHashing.Busy.self) {
            try await PasswordHashing(waitingLimit: 4, addressShare: 0).hash(Secret("x"), for: "198.51.100.1")
        }
    }
}
