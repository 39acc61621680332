import Foundation
import HTTPTypes
import SignUp
import Testing

@testable import HourglassServer

/// The rules, enforced by the server on each database, on a manual clock: no test sleeps.
@Suite("The server's rules, on SQLite and PostgreSQL")
struct RulesTests {
    @Test(
        "a send answers the rules' times; a second one within the cooldown is 429 rate_limited",
        arguments: TestDatabase.available)
    func cooldown(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        let phone = ServerHarness.newPhone()
        try await server.run { client in
            let sent = try await client.post("/v1/codes", ["destination": phone], from: server.address)
            #expect(sent.status == 200)
            #expect(
                sent["resendAfter"] as? Int == 60 && sent["codeLifetime"] as? Int == 600
                    && sent["codeLength"] as? Int == 6)
            server.clock.advance(by: .seconds(20))
            let again = try await client.post("/v1/codes", ["destination": phone], from: server.address)
            #expect(again.status == 429)
            #expect(again.headers[.retryAfter] == "40")
            #expect(again.type == "too-many-requests" && again["reason"] as? String == "rate_limited")
            #expect(again["retryAfter"] as? Int == 40)
            server.clock.advance(by: .seconds(40))
            #expect(try await client.post("/v1/codes", ["destination": phone], from: server.address).status == 200)
        }
        #expect(try server.codes(to: phone).count == 2)
    }

    @Test("a respelling of one destination shares its limits", arguments: TestDatabase.available)
    func respelling(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        let local = "Someone.\(UUID().uuidString.prefix(8))"
        let phone = ServerHarness.newPhone()
        let spaced = "+1 (415) 555-" + phone.suffix(4)
        try await server.run { client in
            #expect(
                try await client.post("/v1/codes", ["destination": "\(local)@Example.COM"], from: server.address).status
                    == 200)
            let respelt = try await client.post(
                "/v1/codes", ["destination": "\(local.lowercased())+promo@example.com"], from: server.address)
            #expect(respelt.status == 429)
            #expect(try await client.post("/v1/codes", ["destination": phone], from: server.address).status == 200)
            #expect(try await client.post("/v1/codes", ["destination": spaced], from: server.address).status == 429)
        }
    }

    @Test(
        "the send limit: the sixth code within the window is 429 send_limit until the oldest leaves it",
        arguments: TestDatabase.available)
    func sendLimit(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        let phone = ServerHarness.newPhone()
        try await server.run { client in
            for _ in 0..<5 {
                #expect(try await client.post("/v1/codes", ["destination": phone], from: server.address).status == 200)
                server.clock.advance(by: .seconds(60))
            }
            let refused = try await client.post("/v1/codes", ["destination": phone], from: server.address)
            #expect(refused.status == 429 && refused["reason"] as? String == "send_limit")
            #expect(refused["retryAfter"] as? Int == 3_300)
            server.clock.advance(by: .seconds(3_300))
            #expect(try await client.post("/v1/codes", ["destination": phone], from: server.address).status == 200)
        }
    }

    @Test("a client address's sends are limited whatever the destinations", arguments: TestDatabase.available)
    func addressLimit(database: TestDatabase) async throws {
        let server = try ServerHarness(database) { $0.addressSendLimit = 3 }
        try await server.run { client in
            for _ in 0..<3 {
                #expect(
                    try await client.post("/v1/codes", ["destination": ServerHarness.newEmail()], from: server.address)
                        .status == 200)
            }
            let refused = try await client.post(
                "/v1/codes", ["destination": ServerHarness.newEmail()], from: server.address)
            #expect(refused.status == 429 && refused["reason"] as? String == "rate_limited")
            #expect(
                try await client.post(
                    "/v1/codes", ["destination": ServerHarness.newEmail()], from: server.address + "-other"
                ).status == 200)
        }
    }

    @Test(
        "wrong codes count down, the last one kills the code and locks its checks; the owner's next send ends the lock",
        arguments: TestDatabase.available)
    func attemptsAndLock(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        let phone = ServerHarness.newPhone()
        try await server.run { client in
            #expect(try await client.post("/v1/codes", ["destination": phone], from: server.address).status == 200)
            let code = try #require(try server.codes(to: phone).last)
            let wrong = code == "000000" ? "111111" : "000000"
            for left in [4, 3, 2, 1] {
                let answer = try await client.post(
                    "/v1/codes/check", ["destination": phone, "code": wrong], from: server.address)
                #expect(answer.status == 422 && answer.type == "wrong-code" && answer["attemptsLeft"] as? Int == left)
            }
            let locked = try await client.post(
                "/v1/codes/check", ["destination": phone, "code": wrong], from: server.address)
            #expect(
                locked.status == 429 && locked["reason"] as? String == "locked" && locked.headers[.retryAfter] == "900")
            // The right code does not help during the lock; the cooldown still holds a send.
            let right = try await client.post(
                "/v1/codes/check", ["destination": phone, "code": code], from: server.address)
            #expect(right.status == 429 && right["reason"] as? String == "locked")
            let soon = try await client.post("/v1/codes", ["destination": phone], from: server.address)
            #expect(soon.status == 429 && soon["reason"] as? String == "rate_limited")
            // Once it ends, a send is not refused for the lock: it protects the code it killed,
            // not whoever guessed. The new code ends the lock, with all its attempts.
            server.clock.advance(by: .seconds(60))
            #expect(try await client.post("/v1/codes", ["destination": phone], from: server.address).status == 200)
            let fresh = try #require(try server.codes(to: phone).last)
            // The old code died with the lock: now it is only a wrong code.
            let old = try await client.post(
                "/v1/codes/check", ["destination": phone, "code": code == fresh ? wrong : code], from: server.address)
            #expect(old.status == 422 && old["attemptsLeft"] as? Int == 4)
            let verified = try await client.post(
                "/v1/codes/check", ["destination": phone, "code": fresh], from: server.address)
            #expect(verified.status == 200)
        }
    }

    @Test(
        "a new code supersedes the old; a right code gives a single-use proof; the used code is expired",
        arguments: TestDatabase.available)
    func supersedeAndProof(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        let email = ServerHarness.newEmail()
        try await server.run { client in
            #expect(try await client.post("/v1/codes", ["destination": email], from: server.address).status == 200)
            server.clock.advance(by: .seconds(60))
            #expect(try await client.post("/v1/codes", ["destination": email], from: server.address).status == 200)
            let codes = try server.codes(to: email)
            try #require(codes.count == 2 && codes[0] != codes[1])
            let old = try await client.post(
                "/v1/codes/check", ["destination": email, "code": codes[0]], from: server.address)
            #expect(old.status == 410 && old.type == "superseded")
            let verified = try await client.post(
                "/v1/codes/check", ["destination": email, "code": codes[1]], from: server.address)
            #expect(verified.status == 200 && verified["proofLifetime"] as? Int == 600)
            let proof = try #require(verified["proof"] as? String)
            #expect(proof.count == 43)
            let again = try await client.post(
                "/v1/codes/check", ["destination": email, "code": codes[1]], from: server.address)
            #expect(again.status == 410 && again.type == "expired")
            // The proof is bound to its destination and used once.
            let elsewhere = try await client.post(
                "/v1/accounts",
                ["destination": ServerHarness.newEmail(), "password": "a long passphrase", "proof": proof],
                from: server.address)
            #expect(elsewhere.status == 403 && elsewhere.type == "invalid-proof")
            let weak = try await client.post(
                "/v1/accounts", ["destination": email, "password": "password", "proof": proof], from: server.address)
            #expect(weak.status == 422 && weak.type == "weak-password")
            // The reason as a code the client words in its own language.
            #expect(weak["passwordProblems"] as? [String] == ["common"])
            let short = try await client.post(
                "/v1/accounts", ["destination": email, "password": "short", "proof": proof], from: server.address)
            #expect(short["passwordProblems"] as? [String] == ["too_short"] && short["minimumLength"] as? Int == 8)
            let created = try await client.post(
                "/v1/accounts", ["destination": email, "password": "a long passphrase", "proof": proof],
                from: server.address)
            #expect(created.status == 201 && created["account"] as? String == email)
            // The same request again (its answer lost) is told 201 again; the account is one.
            let replay = try await client.post(
                "/v1/accounts", ["destination": email, "password": "a long passphrase", "proof": proof],
                from: server.address)
            #expect(replay.status == 201)
        }
    }

    @Test("an account that exists is told only with a valid proof", arguments: TestDatabase.available)
    func accountExists(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        let email = ServerHarness.newEmail()
        try await server.run { client in
            func proof() async throws -> String {
                server.clock.advance(by: .seconds(60))
                #expect(try await client.post("/v1/codes", ["destination": email], from: server.address).status == 200)
                let code = try #require(try server.codes(to: email).last)
                let verified = try await client.post(
                    "/v1/codes/check", ["destination": email, "code": code], from: server.address)
                return try #require(verified["proof"] as? String)
            }
            let first = try await proof()
            #expect(
                try await client.post(
                    "/v1/accounts", ["destination": email, "password": "a long passphrase", "proof": first],
                    from: server.address
                ).status == 201)
            let guess = try await client.post(
                "/v1/accounts", ["destination": email, "password": "a long passphrase", "proof": "not-a-proof"],
                from: server.address)
            #expect(guess.status == 403)
            let second = try await proof()
            let exists = try await client.post(
                "/v1/accounts", ["destination": email, "password": "a long passphrase", "proof": second],
                from: server.address)
            #expect(exists.status == 409 && exists.type == "account-exists")
        }
    }

    @Test(
        "a send answers the same for an existing account and a new one (no enumeration)",
        arguments: TestDatabase.available)
    func noEnumeration(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        let (existing, fresh) = (ServerHarness.newEmail(), ServerHarness.newEmail())
        try await server.run { client in
            #expect(try await client.post("/v1/codes", ["destination": existing], from: server.address).status == 200)
            let code = try #require(try server.codes(to: existing).last)
            let verified = try await client.post(
                "/v1/codes/check", ["destination": existing, "code": code], from: server.address)
            let proof = try #require(verified["proof"] as? String)
            let account = ["destination": existing, "password": "a long passphrase", "proof": proof]
            #expect(try await client.post("/v1/accounts", account, from: server.address).status == 201)
            server.clock.advance(by: .seconds(60))
            let toExisting = try await client.post("/v1/codes", ["destination": existing], from: server.address)
            let toFresh = try await client.post("/v1/codes", ["destination": fresh], from: server.address)
            #expect(toExisting.status == toFresh.status)
            #expect(NSDictionary(dictionary: toExisting.json) == NSDictionary(dictionary: toFresh.json))
            #expect(toExisting.headers[.contentType] == toFresh.headers[.contentType])
            // Without a proof, an account's existence is not told either.
            let guessExisting = try await client.post(
                "/v1/accounts", ["destination": existing, "password": "a long passphrase", "proof": "guess"],
                from: server.address)
            let guessFresh = try await client.post(
                "/v1/accounts", ["destination": fresh, "password": "a long passphrase", "proof": "guess"],
                from: server.address)
            #expect(guessExisting.status == 403 && guessFresh.status == 403)
            #expect(NSDictionary(dictionary: guessExisting.json) == NSDictionary(dictionary: guessFresh.json))
        }
    }

    @Test("a code expires with its lifetime", arguments: TestDatabase.available)
    func expiry(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        let phone = ServerHarness.newPhone()
        try await server.run { client in
            #expect(try await client.post("/v1/codes", ["destination": phone], from: server.address).status == 200)
            let code = try #require(try server.codes(to: phone).last)
            server.clock.advance(by: .seconds(600))
            let late = try await client.post(
                "/v1/codes/check", ["destination": phone, "code": code], from: server.address)
            #expect(late.status == 410 && late.type == "expired")
        }
    }
}
