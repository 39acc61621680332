import Foundation
import Logging
import SignUp
import Synchronization
import Testing

@testable import HourglassServer

/// A delivery kept pending from its send's transaction outlives the server that began it: a
/// process killed between two webhook attempts leaves it, and another instance resumes it.
@Suite("Deliveries that outlive their server, on SQLite and PostgreSQL", .timeLimit(.minutes(1)))
struct DeliveryResumeTests {
    @Test(
        "a server gone mid-delivery: after its lease another delivers the code, under its id, once",
        arguments: TestDatabase.available)
    func resumed(database: TestDatabase) async throws {
        // On a database of its own: a resumer takes every delivery of its database that is due.
        var harness = try ServerHarness(database, ownDatabase: true)
        let stuck = StuckSender()
        harness.configuration.sender = stuck
        let server = harness
        let phone = ServerHarness.newPhone()
        try await server.run { client in
            // The first instance keeps the code, and its delivery never ends: as if it were killed.
            let request = Task {
                try await client.post("/v1/codes", ["destination": phone], from: server.address).status
            }
            defer { stuck.release() }
            let begun = try await stuck.firstMessage()
            let recorder = RecordingSender()
            let resumer = try await server.resumer(sending: recorder)
            // Within its lease, the delivery is the first instance's.
            server.clock.advance(by: .seconds(29))
            #expect(await resumer.resumeDue() == 0)
            server.clock.advance(by: .seconds(2))
            #expect(await resumer.resumeDue() == 1)
            let resumed = recorder.messages.withLock { $0 }
            #expect(resumed == [begun])
            #expect(begun.id.hasPrefix("msg_") && begun.destination == phone && begun.code.count == 6)
            // The send stays counted (its cooldown holds), and the code the person got verifies.
            let again = try await client.post("/v1/codes", ["destination": phone], from: server.address)
            #expect(again.status == 429 && again["retryAfter"] as? Int == 29)
            let check = try await client.post(
                "/v1/codes/check", ["destination": phone, "code": begun.code], from: server.address)
            #expect(check.status == 200)
            // Delivered, it is over: no instance delivers it again, even past another lease.
            server.clock.advance(by: .seconds(31))
            #expect(await resumer.resumeDue() == 0)
            stuck.release()
            #expect(try await request.value == 200)
        }
    }

    @Test(
        "a resumed delivery that certainly fails takes its send back; a record of another key is dropped",
        arguments: TestDatabase.available)
    func failedOrForeign(database: TestDatabase) async throws {
        // On a database of its own: a resumer takes every delivery of its database that is due.
        var harness = try ServerHarness(database, ownDatabase: true)
        let stuck = StuckSender()
        harness.configuration.sender = stuck
        let server = harness
        let (phone, other) = (ServerHarness.newPhone(), ServerHarness.newPhone())
        try await server.run { client in
            let first = Task { try await client.post("/v1/codes", ["destination": phone], from: server.address).status }
            defer { stuck.release() }
            _ = try await stuck.firstMessage()
            server.clock.advance(by: .seconds(31))
            let failing = FailingSender()
            failing.fails.withLock { $0 = true }
            #expect(try await server.resumer(sending: failing).resumeDue() == 1)
            // Taken back: the person may ask again at once (a new code, its delivery begun).
            let again = Task { try await client.post("/v1/codes", ["destination": phone], from: server.address).status }
            try await stuck.waitForMessages(2)
            // A delivery sealed with another key opens nowhere: dropped, never sent.
            let second = Task {
                try await client.post("/v1/codes", ["destination": other], from: server.address).status
            }
            try await stuck.waitForMessages(3)
            server.clock.advance(by: .seconds(31))
            let recorder = RecordingSender()
            #expect(try await server.resumer(sending: recorder, key: Array(repeating: 9, count: 32)).resumeDue() == 2)
            #expect(recorder.messages.withLock { $0 }.isEmpty)
            #expect(try await server.resumer(sending: recorder).resumeDue() == 0)
            stuck.release()
            #expect(try await [first.value, again.value, second.value] == [200, 200, 200])
        }
    }
}

extension ServerHarness {
    /// A resumer on the harness's database and key, delivering through `sender` (or sealing
    /// with `key` instead of the server's).
    func resumer(sending sender: any CodeSender, key: [UInt8]? = nil) async throws -> DeliveryResumer {
        let store = try await store()
        let path =
            configuration.keyFile ?? folder.appendingPathComponent("db.sqlite").path + ".key"
        let seal = DeliverySeal(serverKey: try key ?? ServerKey.load(from: path, createIfMissing: false))
        let logger = Logger(label: "test")
        return DeliveryResumer(
            store: store,
            deliveries: Deliveries(store: store, sender: sender, seal: seal, metrics: ServerMetrics(), logger: logger),
            clock: clock, logger: logger)
    }
}

/// A sender whose deliveries never end until released: a server killed mid-delivery.
final class StuckSender: CodeSender {
    let messages = Mutex<[CodeMessage]>([])
    private let released = Mutex(false)

    func send(_ message: CodeMessage) async throws {
        messages.withLock { $0.append(message) }
        while !released.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
    }

    /// Lets every delivery end.
    func release() { released.withLock { $0 = true } }

    /// Waits (up to 10 s) until `count` deliveries have begun.
    func waitForMessages(_ count: Int) async throws {
        for _ in 0..<1_000 where messages.withLock({ $0.count }) < count {
            try await Task.sleep(for: .milliseconds(10))
        }
        try #require(messages.withLock { $0.count } >= count, "no delivery began")
    }

    /// The first delivery's message, once it has begun.
    func firstMessage() async throws -> CodeMessage {
        try await waitForMessages(1)
        return messages.withLock { $0[0] }
    }
}

/// A sender that keeps what it delivers.
final class RecordingSender: CodeSender {
    let messages = Mutex<[CodeMessage]>([])

    func send(_ message: CodeMessage) async throws { messages.withLock { $0.append(message) } }
}
