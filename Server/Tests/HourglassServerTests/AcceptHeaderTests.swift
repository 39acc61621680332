import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SignUp
import Testing

@testable import HourglassServer

/// Whatever a client accepts, every operation answers its documented status: JSON for a
/// success, an RFC 9457 problem for an error, and a request that changed the ledger never
/// answers as if it had failed to parse.
@Suite("Every operation answers the same whatever the Accept header, on SQLite and PostgreSQL")
struct AcceptHeaderTests {
    /// The `Accept` headers clients send: none, anything, what most HTTP clients send,
    /// SignUpHTTP's, and a browser's.
    enum Accept: String, CaseIterable, CustomTestStringConvertible {
        case absent = ""
        case anything = "*/*"
        case json = "application/json"
        case problem = "application/problem+json"
        case html = "text/html"

        var header: String? { self == .absent ? nil : rawValue }
        var testDescription: String { self == .absent ? "no Accept" : "Accept: \(rawValue)" }
    }

    /// The content type of the generated server's successes.
    static let json = "application/json; charset=utf-8"
    /// The content type of the generated server's problems.
    static let problem = "application/problem+json; charset=utf-8"
    /// The content type of `RequestMiddleware`'s problems (a request the generated server could
    /// not read, an unknown path or method).
    static let middlewareProblem = "application/problem+json"

    /// Expects `answer` to be the problem `type` with `status`, in `contentType`.
    static func expectProblem(
        _ answer: Answer, _ status: Int, _ type: String, contentType: String = problem,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(answer.status == status, sourceLocation: sourceLocation)
        #expect(answer.headers[.contentType] == contentType, sourceLocation: sourceLocation)
        #expect(answer.type == type, sourceLocation: sourceLocation)
        #expect(answer["status"] as? Int == status, sourceLocation: sourceLocation)
    }

    /// Expects `answer` to be a JSON success with `status`.
    static func expectSuccess(_ answer: Answer, _ status: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(answer.status == status, sourceLocation: sourceLocation)
        #expect(answer.headers[.contentType] == json, sourceLocation: sourceLocation)
    }

    @Test(
        "POST /v1/codes: 200, 429 with Retry-After, 422, 400", arguments: TestDatabase.available, Accept.allCases)
    func sendCode(database: TestDatabase, accept: Accept) async throws {
        let server = try ServerHarness(database)
        let (phone, header) = (ServerHarness.newPhone(), accept.header)
        try await server.run { client in
            let sent = try await client.post("/v1/codes", ["destination": phone], from: server.address, accept: header)
            Self.expectSuccess(sent, 200)
            #expect(sent["resendAfter"] as? Int == 60 && sent["codeLength"] as? Int == 6)
            #expect(try server.codes(to: phone).count == 1)

            let again = try await client.post("/v1/codes", ["destination": phone], from: server.address, accept: header)
            Self.expectProblem(again, 429, "too-many-requests")
            #expect(again.headers[.retryAfter] == "60" && again["reason"] as? String == "rate_limited")
            #expect(try server.codes(to: phone).count == 1)

            let invalid = try await client.post(
                "/v1/codes", ["destination": "not an address"], from: server.address, accept: header)
            Self.expectProblem(invalid, 422, "invalid-destination")
            let long = try await client.post(
                "/v1/codes", ["destination": String(repeating: "1", count: 321)], from: server.address, accept: header)
            Self.expectProblem(long, 400, "malformed-request")
            let malformed = try await client.request(
                .post, "/v1/codes", body: "{", from: server.address, accept: header)
            Self.expectProblem(malformed, 400, "malformed-request", contentType: Self.middlewareProblem)
        }
    }

    @Test(
        "POST /v1/codes/check: each wrong code counted once (422, then the lock's 429), 410, 200",
        arguments: TestDatabase.available, Accept.allCases)
    func checkCode(database: TestDatabase, accept: Accept) async throws {
        let server = try ServerHarness(database)
        let (locked, verified, header) = (ServerHarness.newPhone(), ServerHarness.newPhone(), accept.header)
        try await server.run { client in
            for phone in [locked, verified] {
                #expect(try await client.post("/v1/codes", ["destination": phone], from: server.address).status == 200)
            }
            let code = try #require(try server.codes(to: locked).last)
            let wrong = code == "000000" ? "111111" : "000000"
            // Each wrong code takes exactly one attempt: 4, 3, 2, 1 left, then the fifth locks.
            for attemptsLeft in [4, 3, 2, 1] {
                let answer = try await client.post(
                    "/v1/codes/check", ["destination": locked, "code": wrong], from: server.address, accept: header)
                Self.expectProblem(answer, 422, "wrong-code")
                #expect(answer["attemptsLeft"] as? Int == attemptsLeft)
            }
            let lock = try await client.post(
                "/v1/codes/check", ["destination": locked, "code": wrong], from: server.address, accept: header)
            Self.expectProblem(lock, 429, "too-many-requests")
            #expect(lock.headers[.retryAfter] == "900" && lock["reason"] as? String == "locked")
            let refused = try await client.post(
                "/v1/codes/check", ["destination": locked, "code": code], from: server.address, accept: header)
            Self.expectProblem(refused, 429, "too-many-requests")
            #expect(refused["reason"] as? String == "locked")

            let noCode = try await client.post(
                "/v1/codes/check", ["destination": ServerHarness.newPhone(), "code": "123456"], from: server.address,
                accept: header)
            Self.expectProblem(noCode, 410, "expired")
            let right = try #require(try server.codes(to: verified).last)
            let ok = try await client.post(
                "/v1/codes/check", ["destination": verified, "code": right], from: server.address, accept: header)
            Self.expectSuccess(ok, 200)
            #expect(ok["proof"] is String && ok["proofLifetime"] as? Int == 600)
            let used = try await client.post(
                "/v1/codes/check", ["destination": verified, "code": right], from: server.address, accept: header)
            Self.expectProblem(used, 410, "expired")
        }
    }

    @Test(
        "POST /v1/accounts: 422 weak password, 201, 201 again, 403, 409",
        arguments: TestDatabase.available, Accept.allCases)
    func createAccount(database: TestDatabase, accept: Accept) async throws {
        let server = try ServerHarness(database)
        let (email, header) = (ServerHarness.newEmail(), accept.header)
        try await server.run { client in
            let proof = try await Self.proof(for: email, server: server, client: client)
            let weak = try await client.post(
                "/v1/accounts", ["destination": email, "password": "short", "proof": proof], from: server.address,
                accept: header)
            Self.expectProblem(weak, 422, "weak-password")
            let request = ["destination": email, "password": "a long passphrase", "proof": proof]
            let created = try await client.post("/v1/accounts", request, from: server.address, accept: header)
            Self.expectSuccess(created, 201)
            #expect(created["account"] as? String == email)
            let replayed = try await client.post("/v1/accounts", request, from: server.address, accept: header)
            Self.expectSuccess(replayed, 201)
            let other = ["destination": email, "password": "another long phrase", "proof": proof]
            Self.expectProblem(
                try await client.post("/v1/accounts", other, from: server.address, accept: header), 403, "invalid-proof"
            )

            server.clock.advance(by: .seconds(60))
            let second = try await Self.proof(for: email, server: server, client: client)
            let exists = try await client.post(
                "/v1/accounts", ["destination": email, "password": "a third long phrase", "proof": second],
                from: server.address, accept: header)
            Self.expectProblem(exists, 409, "account-exists")
        }
    }

    @Test(
        "GET /v1/outbox: 200, 400; 404 without --dev; unknown paths and methods",
        arguments: TestDatabase.available, Accept.allCases)
    func readOutbox(database: TestDatabase, accept: Accept) async throws {
        let server = try ServerHarness(database)
        let (phone, header) = (ServerHarness.newPhone(), accept.header)
        try await server.run { client in
            #expect(try await client.post("/v1/codes", ["destination": phone], from: server.address).status == 200)
            let query = phone.replacingOccurrences(of: "+", with: "%2B")
            let listed = try await client.request(
                .get, "/v1/outbox?destination=\(query)", from: server.address, accept: header)
            Self.expectSuccess(listed, 200)
            let messages = try #require(listed["messages"] as? [[String: Any]])
            #expect(messages.count == 1 && messages.first?["destination"] as? String == phone)
            let long = try await client.request(
                .get, "/v1/outbox?destination=\(String(repeating: "1", count: 321))", from: server.address,
                accept: header)
            Self.expectProblem(long, 400, "malformed-request")
            let unknown = try await client.request(.get, "/v1/nothing", from: server.address, accept: header)
            Self.expectProblem(unknown, 404, "not-found", contentType: Self.middlewareProblem)
            let method = try await client.request(.delete, "/v1/outbox", from: server.address, accept: header)
            Self.expectProblem(method, 405, "malformed-request", contentType: Self.middlewareProblem)
            #expect(method.headers[.allow] == "GET")
        }
        let production = try ServerHarness(database, dev: false)
        try await production.run { client in
            let hidden = try await client.request(.get, "/v1/outbox", from: production.address, accept: header)
            Self.expectProblem(hidden, 404, "not-found")
        }
    }

    /// Sends a code to `destination` and checks it, without an `Accept` header: the proof.
    static func proof(
        for destination: String, server: ServerHarness, client: some TestClientProtocol
    ) async throws -> String {
        #expect(try await client.post("/v1/codes", ["destination": destination], from: server.address).status == 200)
        let code = try #require(try server.codes(to: destination).last)
        let verified = try await client.post(
            "/v1/codes/check", ["destination": destination, "code": code], from: server.address)
        return try #require(verified["proof"] as? String)
    }
}
