import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import SignUp
import Synchronization
import Testing

@testable import HourglassServer

/// What a hostile or unlucky client meets: bodies too large, answers lost and retried,
/// respellings, checks for destinations with no code, and the purge.
@Suite("The server under hostile input, on SQLite and PostgreSQL")
struct HardeningTests {
    @Test("a body over 16 KiB is refused unread, with a problem", arguments: TestDatabase.available)
    func largeBody(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        try await server.run { client in
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            let body = #"{"destination":""# + String(repeating: "1", count: 20_000) + #""}"#
            let status = try await client.execute(
                uri: "/v1/codes", method: .post, headers: headers, body: ByteBuffer(string: body)
            ) { response in
                #expect(response.headers[.contentType] == "application/problem+json")
                SeenStatuses.record("POST", "/v1/codes", Int(response.status.code))
                return response.status.code
            }
            #expect(status == 413)
            let long = try await client.post(
                "/v1/accounts",
                [
                    "destination": ServerHarness.newEmail(), "password": String(repeating: "p", count: 1_025),
                    "proof": "x",
                ],
                from: server.address)
            #expect(long.status == 400 && long.type == "malformed-request")
        }
    }

    @Test(
        "a proof is bound to its destination's limit key, and a lost 201 answers 201 again, with the account as made",
        arguments: TestDatabase.available)
    func proofBindingAndReplay(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        let local = "Mixed.\(UUID().uuidString.prefix(8))"
        try await server.run { client in
            #expect(
                try await client.post("/v1/codes", ["destination": "\(local)@example.com"], from: server.address).status
                    == 200)
            let code = try #require(try server.codes(to: "\(local)@example.com").last)
            let lower = "\(local.lowercased())@example.com"
            let verified = try await client.post(
                "/v1/codes/check", ["destination": lower, "code": code], from: server.address)
            let proof = try #require(verified["proof"] as? String)
            let request = ["destination": lower, "password": "a long passphrase", "proof": proof]
            #expect(try await client.post("/v1/accounts", request, from: server.address).status == 201)
            let again = try await client.post("/v1/accounts", request, from: server.address)
            #expect(again.status == 201 && again["account"] as? String == lower)
            // Not with another password: the account keeps the first, so that answer would lie.
            let otherPassword = ["destination": lower, "password": "another long phrase", "proof": proof]
            #expect(try await client.post("/v1/accounts", otherPassword, from: server.address).status == 403)
            // Another spelling of the same mailbox is the same request again: the account as made.
            let respelt = ["destination": "\(local)@example.com", "password": "a long passphrase", "proof": proof]
            let replayed = try await client.post("/v1/accounts", respelt, from: server.address)
            #expect(replayed.status == 201 && replayed["account"] as? String == lower)
        }
    }

    @Test(
        "checks for destinations with no code count against the address, and make no rows",
        arguments: TestDatabase.available)
    func checksWithoutCode(database: TestDatabase) async throws {
        let server = try ServerHarness(database) { $0.addressFailureLimit = 3 }
        try await server.run { client in
            for _ in 0..<3 {
                let answer = try await client.post(
                    "/v1/codes/check", ["destination": ServerHarness.newPhone(), "code": "123456"], from: server.address
                )
                #expect(answer.status == 410 && answer.type == "expired")
            }
            let refused = try await client.post(
                "/v1/codes/check", ["destination": ServerHarness.newPhone(), "code": "123456"], from: server.address)
            #expect(refused.status == 429 && refused["reason"] as? String == "rate_limited")
        }
    }

    @Test(
        "the purge removes what no rule reads any more, and nothing a rule still needs",
        arguments: TestDatabase.available)
    func purge(database: TestDatabase) async throws {
        let server = try ServerHarness(database, start: Date(timeIntervalSince1970: 1_000_000_000))
        let (old, fresh) = (ServerHarness.newPhone(), ServerHarness.newPhone())
        let store = try await server.store()
        let rules = server.configuration.rules
        try await server.run { client in
            let oldWindow = WindowCounter.addressSends(
                server.address, at: server.clock.now.millisecondsSince1970, rules: rules)
            #expect(try await client.post("/v1/codes", ["destination": old], from: server.address).status == 200)
            server.clock.advance(by: .seconds(3_601))
            let freshWindow = WindowCounter.addressSends(
                server.address, at: server.clock.now.millisecondsSince1970, rules: rules)
            #expect(try await client.post("/v1/codes", ["destination": fresh], from: server.address).status == 200)
            #expect(try await store.rowCounts(of: old) == (codes: 1, sends: 1))
            // A window's count holds the later windows' too (see ClockJumpTests): the old
            // window's and the fresh one's, then the fresh one's alone.
            #expect(try await store.failures(oldWindow).count == 2)
            let service = PurgeService(store: store, rules: rules, clock: server.clock, logger: .init(label: "test"))
            await service.purge()
            // The old destination's send and row went, and the address's counter of the window
            // that ended; the fresh one's stay, and the counter of the window still running.
            #expect(try await store.rowCounts(of: old) == (codes: 0, sends: 0))
            #expect(try await store.rowCounts(of: fresh) == (codes: 1, sends: 1))
            #expect(try await store.failures(oldWindow).count == 1)
            #expect(try await store.failures(freshWindow).count == 1)
            let again = try await client.post("/v1/codes", ["destination": fresh], from: server.address)
            #expect(again.status == 429 && again["reason"] as? String == "rate_limited")
        }
    }

    @Test(
        "a code the sender could not deliver is taken back: 500, then the next send works",
        arguments: TestDatabase.available)
    func undeliveredSend(database: TestDatabase) async throws {
        var harness = try ServerHarness(database)
        let failing = FailingSender()
        harness.configuration.sender = failing
        let server = harness
        let phone = ServerHarness.newPhone()
        try await server.run { client in
            failing.fails.withLock { $0 = true }
            let failed = try await client.post("/v1/codes", ["destination": phone], from: server.address)
            #expect(failed.status == 500 && failed.type == "internal")
            failing.fails.withLock { $0 = false }
            let again = try await client.post("/v1/codes", ["destination": phone], from: server.address)
            #expect(again.status == 200)
        }
    }

    @Test("the send that fills the window says when the next one can come", arguments: TestDatabase.available)
    func resendAfterFillingTheWindow(database: TestDatabase) async throws {
        let server = try ServerHarness(database) { $0.sendLimit = 2 }
        let phone = ServerHarness.newPhone()
        try await server.run { client in
            #expect(
                try await client.post("/v1/codes", ["destination": phone], from: server.address)["resendAfter"] as? Int
                    == 60)
            server.clock.advance(by: .seconds(60))
            let last = try await client.post("/v1/codes", ["destination": phone], from: server.address)
            #expect(last["resendAfter"] as? Int == 3_540)
        }
    }

    @Test(
        "on a live server, Accept: application/json gets the documented errors; a header over 80 KiB is a 431 problem",
        arguments: TestDatabase.available)
    func liveAcceptAndOversizedHeader(database: TestDatabase) async throws {
        let server = try ServerHarness(database)
        let phone = ServerHarness.newPhone()
        try await server.run(.live) { client in
            let json = "application/json"
            #expect(
                try await client.post("/v1/codes", ["destination": phone], from: server.address, accept: json).status
                    == 200)
            let again = try await client.post("/v1/codes", ["destination": phone], from: server.address, accept: json)
            #expect(again.status == 429 && again.type == "too-many-requests" && again.headers[.retryAfter] == "60")
            let code = try #require(try server.codes(to: phone).last)
            for left in [4, 3] {
                let wrong = try await client.post(
                    "/v1/codes/check", ["destination": phone, "code": code == "000000" ? "111111" : "000000"],
                    from: server.address, accept: json)
                #expect(wrong.status == 422 && wrong.type == "wrong-code" && wrong["attemptsLeft"] as? Int == left)
            }
            // On the same connection, after those answers: the decoder refuses the head.
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            headers[HTTPField.Name("X-Padding")!] = String(repeating: "a", count: 100_000)
            let answer = try await client.execute(
                uri: "/v1/codes", method: .post, headers: headers, body: ByteBuffer(string: "{}")
            ) { response in
                let object = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))
                return Answer(
                    status: Int(response.status.code), headers: response.headers, json: object as? [String: Any] ?? [:])
            }
            #expect(answer.status == 431 && answer.type == "malformed-request" && answer["status"] as? Int == 431)
            #expect(
                answer.headers[.contentType] == "application/problem+json" && answer.headers[.connection] == "close")
        }
    }

    @Test("a crafted 16 KiB destination (combining marks in reverse canonical order) is refused unread: 422")
    func craftedDestination() async throws {
        let server = try ServerHarness(.sqlite)
        let destination =
            "x@a" + String(repeating: "\u{0301}", count: 3_975) + String(repeating: "\u{0316}", count: 3_975)
        try await server.run { client in
            let answer = try await client.post("/v1/codes", ["destination": destination + ".com"], from: server.address)
            #expect(answer.status == 422 && answer.type == "invalid-destination")
        }
    }

    @Test(
        "behind a trusted proxy the client is the last non-empty hop of X-Forwarded-For, trimmed, 64 bytes at most",
        arguments: [
            ("198.51.100.7", "198.51.100.7"), ("203.0.113.9, 198.51.100.7", "198.51.100.7"),
            ("203.0.113.9,198.51.100.7 \t", "198.51.100.7"), ("198.51.100.7,", "198.51.100.7"),
            ("203.0.113.9,,", "203.0.113.9"), ("203.0.113.9, ", nil), ("", nil), (",", nil), (" \t ", nil),
            (String(repeating: "9", count: 70), String(repeating: "9", count: 64)),
        ] as [(String, String?)])
    func forwardedFor(header: String, client: String?) {
        #expect(ClientAddress.lastHop(header) == client)
    }

    @Test("an IPv6 client's limits are kept by its /64; an IPv4-mapped one's by its IPv4 address")
    func ipv6() {
        // A dual-stack socket (--host ::) gives IPv4 clients mapped: each keeps a budget of its own.
        #expect(ClientAddress.limitKey("::ffff:198.51.100.7") == "198.51.100.7")
        #expect(ClientAddress.limitKey("::ffff:c633:6408") == "198.51.100.8")
        #expect(ClientAddress.limitKey("::FFFF:127.0.0.2") == "127.0.0.2")
        // Not mapped: an IPv4-compatible or NAT64 form is IPv6, kept by its /64.
        #expect(ClientAddress.limitKey("::198.51.100.7") == "0:0:0:0::/64")
        #expect(ClientAddress.limitKey("64:ff9b::198.51.100.7") == "64:ff9b:0:0::/64")
        #expect(ClientAddress.limitKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd") == "2001:db8:1:2::/64")
        #expect(ClientAddress.limitKey("2001:db8:1:2::1") == "2001:db8:1:2::/64")
        #expect(ClientAddress.limitKey("198.51.100.7") == "198.51.100.7")
        #expect(ClientAddress.limitKey("not an address") == "not an address")
    }
}

/// A sender that fails while told to, after `delay` (a cancelled wait fails at once).
final class FailingSender: CodeSender {
    struct Refused: Error {}
    let fails = Mutex(false)
    let delay = Mutex(Duration.zero)

    func send(_ message: CodeMessage) async throws {
        let delay = delay.withLock { $0 }
        if delay > .zero { try await Task.sleep(for: delay) }
        if fails.withLock({ $0 }) { throw Refused() }
    }
}
