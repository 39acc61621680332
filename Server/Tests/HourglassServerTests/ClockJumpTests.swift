import Foundation
import HTTPTypes
import SignUp
import Testing

@testable import HourglassServer

/// A wall clock set back (a day, here) never lengthens a wait beyond its rule, never shortens it
/// to nothing, and never revives a code (issue 46, finding 14): a record "after now" is trusted
/// for its rule, not its end, so a cooldown, a lock or a window it holds lasts at most its rule's
/// full length from now, and is kept so; a code sent "after now" is dead.
@Suite("A backward wall-clock jump, on SQLite and PostgreSQL")
struct ClockJumpTests {
    static let day = Duration.seconds(86_400)

    @Test(
        "an expired code stays expired, and the cooldown holds for its rule from now", arguments: TestDatabase.available
    )
    func expiredCode(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        let phone = ServerHarness.newPhone()
        try await server.run { client in
            #expect(try await client.post("/v1/codes", ["destination": phone], from: server.address).status == 200)
            let code = try #require(try server.codes(to: phone).last)
            server.clock.advance(by: .seconds(601))
            server.clock.advance(by: .zero - Self.day)
            let late = try await client.post(
                "/v1/codes/check", ["destination": phone, "code": code], from: server.address)
            #expect(late.status == 410 && late.type == "expired")
            // The send "after now" holds its cooldown, from now: the rule's 60 s, not a day, nor none.
            let soon = try await client.post("/v1/codes", ["destination": phone], from: server.address)
            #expect(
                soon.status == 429 && soon["reason"] as? String == "rate_limited" && soon["retryAfter"] as? Int == 60)
            server.clock.advance(by: .seconds(30))
            let later = try await client.post("/v1/codes", ["destination": phone], from: server.address)
            #expect(later.status == 429 && later["retryAfter"] as? Int == 30)
            server.clock.advance(by: .seconds(30))
            #expect(try await client.post("/v1/codes", ["destination": phone], from: server.address).status == 200)
            let fresh = try #require(try server.codes(to: phone).last)
            let verified = try await client.post(
                "/v1/codes/check", ["destination": phone, "code": fresh], from: server.address)
            #expect(verified.status == 200)
        }
    }

    @Test("a proof, and a lost 201's replay, end no later than their lifetime", arguments: TestDatabase.available)
    func proofs(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        let (first, second) = (ServerHarness.newPhone(), ServerHarness.newPhone())
        try await server.run { client in
            let made = try await IdentityTests.proof(client, server, for: first)
            #expect(try await IdentityTests.create(client, server, first, proof: made).status == 201)
            let unused = try await IdentityTests.proof(client, server, for: second)
            server.clock.advance(by: .zero - Self.day)
            #expect(try await IdentityTests.create(client, server, first, proof: made).status == 403)
            #expect(try await IdentityTests.create(client, server, second, proof: unused).status == 403)
        }
    }

    @Test("a lock set before the jump holds for its rule from now, no longer", arguments: TestDatabase.available)
    func lock(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        let phone = ServerHarness.newPhone()
        try await server.run { client in
            #expect(try await client.post("/v1/codes", ["destination": phone], from: server.address).status == 200)
            let code = try #require(try server.codes(to: phone).last)
            let wrong = code == "000000" ? "111111" : "000000"
            for _ in 0..<5 {
                _ = try await client.post(
                    "/v1/codes/check", ["destination": phone, "code": wrong], from: server.address)
            }
            let locked = try await client.post(
                "/v1/codes/check", ["destination": phone, "code": code], from: server.address)
            #expect(
                locked.status == 429 && locked["reason"] as? String == "locked" && locked["retryAfter"] as? Int == 900)
            server.clock.advance(by: .zero - Self.day)
            // The lock holds for its rule from now (900 s, not a day and 900 s, nor none), and
            // is kept so: 600 s later, 300 s are left.
            let still = try await client.post(
                "/v1/codes/check", ["destination": phone, "code": code], from: server.address)
            #expect(still.status == 429 && still["reason"] as? String == "locked" && still["retryAfter"] as? Int == 900)
            server.clock.advance(by: .seconds(600))
            let less = try await client.post(
                "/v1/codes/check", ["destination": phone, "code": code], from: server.address)
            #expect(less.status == 429 && less["retryAfter"] as? Int == 300)
            server.clock.advance(by: .seconds(300))
            // The lock is over; the code it guarded stays dead.
            let after = try await client.post(
                "/v1/codes/check", ["destination": phone, "code": code], from: server.address)
            #expect(after.status == 410 && after.type == "expired")
        }
    }

    @Test(
        "sends recorded before the jump hold the send limit for its window from now, no longer",
        arguments: TestDatabase.available)
    func sendLimit(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        let phone = ServerHarness.newPhone()
        try await server.run { client in
            for _ in 0..<5 {
                #expect(try await client.post("/v1/codes", ["destination": phone], from: server.address).status == 200)
                server.clock.advance(by: .seconds(61))
            }
            let limited = try await client.post("/v1/codes", ["destination": phone], from: server.address)
            #expect(limited.status == 429 && limited["reason"] as? String == "send_limit")
            #expect((limited["retryAfter"] as? Int ?? 0) <= 3_600)
            server.clock.advance(by: .zero - Self.day)
            // The last send's cooldown, from now; then the five sends, counted as made now, hold
            // the send limit for the window's length from now: an hour, not a day and an hour.
            let cooling = try await client.post("/v1/codes", ["destination": phone], from: server.address)
            #expect(cooling.status == 429 && cooling["reason"] as? String == "rate_limited")
            #expect(cooling["retryAfter"] as? Int == 60)
            server.clock.advance(by: .seconds(60))
            let window = try await client.post("/v1/codes", ["destination": phone], from: server.address)
            #expect(window.status == 429 && window["reason"] as? String == "send_limit")
            #expect(window["retryAfter"] as? Int == 3_540)
            server.clock.advance(by: .seconds(3_540))
            #expect(try await client.post("/v1/codes", ["destination": phone], from: server.address).status == 200)
        }
    }

    @Test(
        "a budget and an address limit of a window after now hold for a window from now, no longer (the budget rolling)",
        arguments: TestDatabase.available)
    func windows(database: TestDatabase) async throws {
        // On a database of its own (budgets count every send of a database), an hour's boundary.
        let server = try ServerHarness(database, start: FraudTests.freshWindow(), ownDatabase: true) {
            $0.sendBudget = 2
            $0.budgetWindow = .seconds(3_600)
            $0.budgetShare = 100
            $0.addressFailureLimit = 2
        }
        try await server.run { client in
            for _ in 0..<2 {
                #expect(
                    try await client.post("/v1/codes", ["destination": ServerHarness.newPhone()], from: server.address)
                        .status == 200)
                let unknown = ["destination": ServerHarness.newPhone(), "code": "000000"]
                #expect(try await client.post("/v1/codes/check", unknown, from: server.address).status == 410)
            }
            let spent = try await client.post(
                "/v1/codes", ["destination": ServerHarness.newPhone()], from: server.address)
            #expect(spent.status == 429 && spent["reason"] as? String == "send_budget")
            // A day back, on an hour's boundary again: yesterday's windows are not fresh. The
            // budget and the address's failures count in this window, an hour from now; the
            // budget rolls on (see FraudTests): half of it comes back half an hour into the next.
            server.clock.advance(by: .zero - Self.day)
            let budget = try await client.post(
                "/v1/codes", ["destination": ServerHarness.newPhone()], from: server.address)
            #expect(budget.status == 429 && budget["reason"] as? String == "send_budget")
            #expect(budget["retryAfter"] as? Int == 5_400)
            let failures = try await client.post(
                "/v1/codes/check", ["destination": ServerHarness.newPhone(), "code": "000000"], from: server.address)
            #expect(failures.status == 429 && failures["reason"] as? String == "rate_limited")
            #expect(failures["retryAfter"] as? Int == 3_600)
            // An account attempt reads the failures without writing: it sees them too.
            let account = try await client.post(
                "/v1/accounts",
                ["destination": ServerHarness.newPhone(), "password": "correct horse battery", "proof": "none"],
                from: server.address)
            #expect(account.status == 429 && account["reason"] as? String == "rate_limited")
            server.clock.advance(by: .seconds(1_800))
            let half = try await client.post(
                "/v1/codes", ["destination": ServerHarness.newPhone()], from: server.address)
            #expect(half.status == 429 && half["retryAfter"] as? Int == 3_600)
            server.clock.advance(by: .seconds(1_800))
            let next = try await client.post(
                "/v1/codes", ["destination": ServerHarness.newPhone()], from: server.address)
            #expect(next.status == 429 && next["retryAfter"] as? Int == 1_800)
            server.clock.advance(by: .seconds(1_800))
            #expect(
                try await client.post("/v1/codes", ["destination": ServerHarness.newPhone()], from: server.address)
                    .status == 200)
        }
    }
}
