import Foundation
import HummingbirdTesting
import NIOCore
import NIOPosix
import Testing

@testable import HourglassServer

/// Heads NIO's decoder refuses, over a raw socket: what the client reads, byte for byte.
@Suite("A head too large or not HTTP gets a problem, then the connection closes")
struct RequestHeadTests {
    /// A raw connection to the server on `port`.
    static func connect(port: Int) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
    }

    /// The answers of one connection: `bytes` written at once, and all that was read until the
    /// server closed the connection.
    static func exchange(_ bytes: String, port: Int) async throws -> String {
        let channel = try await Self.connect(port: port)
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: bytes))
            var received = ByteBuffer()
            for try await var chunk in inbound { received.writeBuffer(&chunk) }
            let text = String(buffer: received)
            SeenStatuses.record(sent: bytes, answers: answers(text).map(\.status))
            return text
        }
    }

    /// The answers in `text`: each one's status line, lowercased header fields and body.
    static func answers(_ text: String) -> [(status: String, headers: [String: String], body: String)] {
        text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { answer in
            let parts = answer.components(separatedBy: "\r\n\r\n")
            let lines = parts[0].components(separatedBy: "\r\n")
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                let field = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if field.count == 2 { headers[field[0].lowercased()] = field[1] }
            }
            return (lines[0], headers, parts.dropFirst().joined(separator: "\r\n\r\n"))
        }
    }

    /// The problem's `type` and `status` in `body`.
    static func problem(_ body: String) -> (type: String?, status: Int?) {
        let object = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
        return (object["type"] as? String, object["status"] as? Int)
    }

    @Test("a 100 KB header is a 431 problem, after the answer to a request before it on the connection")
    func oversizedHeader() async throws {
        let server = try ServerHarness(.sqlite)
        try await server.run(.live) { client in
            let port = try #require(client.port)
            let padding = String(repeating: "a", count: 100_000)
            let text = try await Self.exchange(
                "GET /v1/outbox HTTP/1.1\r\nHost: localhost\r\n\r\n"
                    + "GET /v1/outbox HTTP/1.1\r\nHost: localhost\r\nX-Padding: \(padding)\r\n\r\n",
                port: port)
            let answers = Self.answers(text)
            #expect(answers.count == 2)
            #expect(answers.first?.status == "200 OK")
            let refused = try #require(answers.last)
            #expect(refused.status == "431 Request Header Fields Too Large")
            #expect(refused.headers["content-type"] == "application/problem+json")
            #expect(refused.headers["connection"] == "close")
            #expect(refused.headers["content-length"] == String(refused.body.utf8.count))
            let problem = Self.problem(refused.body)
            #expect(problem.type == "urn:hourglass:problem:malformed-request" && problem.status == 431)
        }
    }

    @Test("a head that is not HTTP is a 400 problem, not a bare 400")
    func notHTTP() async throws {
        let server = try ServerHarness(.sqlite)
        try await server.run(.live) { client in
            let port = try #require(client.port)
            let answers = Self.answers(try await Self.exchange("GET / HTTP/1.1\r\nBad Header\r\n\r\n", port: port))
            #expect(answers.count == 1)
            let refused = try #require(answers.first)
            #expect(refused.status == "400 Bad Request")
            #expect(refused.headers["content-type"] == "application/problem+json")
            let problem = Self.problem(refused.body)
            #expect(problem.type == "urn:hourglass:problem:malformed-request" && problem.status == 400)
        }
    }

    @Test("a body sent a byte at a time is cut off at the request deadline, though never idle")
    func slowBody() async throws {
        var server = try ServerHarness(.sqlite)
        server.configuration.requestDeadline = .milliseconds(1_200)
        try await server.run(.live) { client in
            let port = try #require(client.port)
            let channel = try await Self.connect(port: port)
            let start = ContinuousClock.now
            let sent = try await channel.executeThenClose { inbound, outbound in
                try await outbound.write(
                    ByteBuffer(
                        string: "POST /v1/codes HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                            + "Content-Length: 200\r\n\r\n"))
                var sent = 0
                // A byte every 100 ms (never idle), 200 needed: the server closes first.
                while sent < 200 {
                    do { try await outbound.write(ByteBuffer(string: " ")) } catch { break }
                    sent += 1
                    try await Task.sleep(for: .milliseconds(100))
                    if ContinuousClock.now - start > .seconds(10) { break }
                }
                // Closed by the server: the end of input, or a reset.
                do { for try await _ in inbound {} } catch {}
                return sent
            }
            let elapsed = ContinuousClock.now - start
            #expect(sent < 200)
            #expect(elapsed < .seconds(5), "closed after \(elapsed)")
        }
    }

    @Test(
        "a connection that sends nothing, or its head a byte at a time, is closed at the request deadline",
        arguments: ["", "POST /v1/codes HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\n\r\n{}"])
    func slowHead(head: String) async throws {
        var server = try ServerHarness(.sqlite)
        server.configuration.requestDeadline = .milliseconds(1_200)
        try await server.run(.live) { client in
            let port = try #require(client.port)
            let channel = try await Self.connect(port: port)
            let start = ContinuousClock.now
            let answer = try await channel.executeThenClose { inbound, outbound in
                let reading = Task {
                    var received = ByteBuffer()
                    do { for try await var chunk in inbound { received.writeBuffer(&chunk) } } catch {}
                    return String(buffer: received)
                }
                // A byte every 100 ms (never idle); the server closes before the head is whole.
                for byte in head.utf8 {
                    do { try await outbound.write(ByteBuffer(bytes: [byte])) } catch { break }
                    try await Task.sleep(for: .milliseconds(100))
                    if ContinuousClock.now - start > .seconds(10) { break }
                }
                return await reading.value
            }
            let elapsed = ContinuousClock.now - start
            #expect(answer == "")
            #expect(elapsed > .seconds(1) && elapsed < .seconds(5), "closed after \(elapsed)")
        }
    }

    @Test("a request answered before its body ended (413) leaves the next request on the deadline")
    func answeredEarly() async throws {
        var server = try ServerHarness(.sqlite)
        server.configuration.requestDeadline = .milliseconds(1_200)
        try await server.run(.live) { client in
            let port = try #require(client.port)
            let channel = try await Self.connect(port: port)
            let start = ContinuousClock.now
            let answers = try await channel.executeThenClose { inbound, outbound in
                // A body over the limit: answered 413 at its head. Only then the body, whole, and
                // a second request whose body comes a byte every 100 ms.
                let head = "POST /v1/codes HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                try await outbound.write(ByteBuffer(string: head + "Content-Length: 20000\r\n\r\n"))
                var received = ByteBuffer()
                var chunks = inbound.makeAsyncIterator()
                while !String(buffer: received).contains("\r\n\r\n"), var chunk = try await chunks.next() {
                    received.writeBuffer(&chunk)
                }
                try await outbound.write(
                    ByteBuffer(
                        string: String(repeating: " ", count: 20_000) + head + "Content-Length: 100\r\n\r\n"))
                let dripping = Task {
                    for _ in 0..<100 {
                        do { try await outbound.write(ByteBuffer(string: " ")) } catch { return }
                        try? await Task.sleep(for: .milliseconds(100))
                    }
                }
                do { while var chunk = try await chunks.next() { received.writeBuffer(&chunk) } } catch {}
                dripping.cancel()
                return String(buffer: received)
            }
            let elapsed = ContinuousClock.now - start
            #expect(answers.hasPrefix("HTTP/1.1 413"))
            // Kept open after the 413 (its body read), then closed by the deadline.
            #expect(elapsed > .seconds(1) && elapsed < .seconds(5), "closed after \(elapsed)")
        }
    }
}
