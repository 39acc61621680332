import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import HourglassServer

/// Header values built to be quadratic to normalise: `a`, then combining marks in reverse
/// canonical order (U+0301 is of class 230, U+0316 of class 220), as issue 39's body was.
@Suite("Every byte of a head is bounded before anything reads it as text")
struct HeaderBoundsTests {
    /// `a` and `count` marks of each class, the higher class first: 4 bytes a pair.
    static func crafted(_ count: Int) -> String {
        "a" + String(repeating: "\u{301}", count: count) + String(repeating: "\u{316}", count: count)
    }

    /// The first answer to `request` on a raw connection: its status line, headers and body.
    static func answer(_ request: String, port: Int) async throws -> (
        status: String, headers: [String: String], body: String
    ) {
        let text = try await RequestHeadTests.exchange(request, port: port)
        return try #require(RequestHeadTests.answers(text).first)
    }

    /// A send for `destination` with `fields`, to `target`, closing the connection after it.
    static func send(
        _ fields: [(String, String)], target: String = "/v1/codes", destination: String = ServerHarness.newPhone()
    ) -> String {
        let body = #"{"destination":"\#(destination)"}"#
        var head = "POST \(target) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
        if !fields.contains(where: { $0.0 == "Content-Type" }) { head += "Content-Type: application/json\r\n" }
        for (name, value) in fields { head += "\(name): \(value)\r\n" }
        return head + "Content-Length: \(body.utf8.count)\r\n\r\n" + body
    }

    @Test(
        "a field the server reads, holding non-ASCII, is a 400 problem naming it",
        arguments: ["Content-Type", "Connection", "Accept-Language", "Accept", "X-Forwarded-For"])
    func nonASCIIReadField(name: String) async throws {
        let server = try ServerHarness(.sqlite)
        try await server.run(.live) { client in
            let port = try #require(client.port)
            let phone = ServerHarness.newPhone()
            let refused = try await Self.answer(
                Self.send([(name, Self.crafted(60))], destination: phone), port: port)
            #expect(refused.status == "400 Bad Request")
            #expect(refused.headers["content-type"] == "application/problem+json")
            #expect(refused.headers["connection"] == "close")
            let problem = try JSONSerialization.jsonObject(with: Data(refused.body.utf8)) as? [String: Any]
            #expect(problem?["type"] as? String == "urn:hourglass:problem:malformed-request")
            #expect(problem?["detail"] as? String == "The header field \(name) must be printable ASCII.")
            #expect((try? server.codes(to: phone)) ?? [] == [])
        }
    }

    @Test("a field the server reads, longer than its bound, is a 431 problem naming the bound")
    func longReadField() async throws {
        let server = try ServerHarness(.sqlite)
        try await server.run(.live) { client in
            let port = try #require(client.port)
            let languages = Array(repeating: "en;q=0.9", count: 60).joined(separator: ",")
            let refused = try await Self.answer(Self.send([("Accept-Language", languages)]), port: port)
            #expect(refused.status == "431 Request Header Fields Too Large")
            let problem = try JSONSerialization.jsonObject(with: Data(refused.body.utf8)) as? [String: Any]
            #expect(problem?["detail"] as? String == "The header field Accept-Language is over 512 bytes.")
        }
    }

    @Test("a field nobody reads may hold non-ASCII up to 8 KiB; over it, a 431")
    func unreadField() async throws {
        let server = try ServerHarness(.sqlite)
        try await server.run(.live) { client in
            let port = try #require(client.port)
            // 1 + 4 × 2 000 = 8 001 bytes: one over the bound.
            let within = try await Self.answer(Self.send([("X-Note", Self.crafted(1_999))]), port: port)
            #expect(within.status == "200 OK")
            let over = try await Self.answer(Self.send([("X-Note", Self.crafted(2_048))]), port: port)
            #expect(over.status == "431 Request Header Fields Too Large")
            let problem = try JSONSerialization.jsonObject(with: Data(over.body.utf8)) as? [String: Any]
            #expect(problem?["detail"] as? String == "The header field X-Note is over 8192 bytes.")
        }
    }

    @Test("a request target over 2 KiB is a 431, before the router splits it")
    func longTarget() async throws {
        let server = try ServerHarness(.sqlite)
        try await server.run(.live) { client in
            let port = try #require(client.port)
            let target = "/v1/codes?" + String(repeating: "%CC%81", count: 400)
            let refused = try await Self.answer(Self.send([], target: target), port: port)
            #expect(refused.status == "431 Request Header Fields Too Large")
            let problem = try JSONSerialization.jsonObject(with: Data(refused.body.utf8)) as? [String: Any]
            #expect(problem?["detail"] as? String == "The request target is over 2048 bytes.")
        }
    }

    @Test("a refused head after a pipelined request is answered after that request's answer")
    func refusedAfterPipelined() async throws {
        let server = try ServerHarness(.sqlite)
        try await server.run(.live) { client in
            let port = try #require(client.port)
            let text = try await RequestHeadTests.exchange(
                "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n"
                    + "GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: \(Self.crafted(10))\r\n\r\n"
                    + "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n",
                port: port)
            let answers = RequestHeadTests.answers(text)
            #expect(answers.map(\.status) == ["200 OK", "400 Bad Request"])
        }
    }

    @Test("the bounds, read off a head without a server")
    func refusalOfHead() {
        var head = HTTPRequest(method: .post, scheme: nil, authority: "localhost", path: "/v1/codes")
        head.headerFields[.contentType] = "application/json"
        head.headerFields[.acceptLanguage] = "ar-EG,ar;q=0.9,en;q=0.8"
        head.headerFields[.userAgent] = "Grüße/1.0"
        #expect(HeaderBoundsHandler.refusal(of: head) == nil)
        head.headerFields[.acceptLanguage] = "ar\u{301}"
        #expect(
            HeaderBoundsHandler.refusal(of: head)
                == .malformed("The header field Accept-Language must be printable ASCII."))
        head.headerFields[.acceptLanguage] = "ar"
        head.headerFields[.contentLength] = String(repeating: "9", count: 21)
        #expect(
            HeaderBoundsHandler.refusal(of: head) == .tooLarge("The header field Content-Length is over 20 bytes."))
        head.headerFields[.contentLength] = "12"
        head.authority = "exa\u{301}mple.com"
        #expect(HeaderBoundsHandler.refusal(of: head) == .malformed("The authority must be printable ASCII."))
    }
}
