import Logging
import Synchronization
import Testing

@testable import HourglassServer

/// The rows of delivered codes end many at a time: one removal runs, and what ends meanwhile
/// goes in the next.
@Suite("Ending deliveries in batches")
struct DeliveryEndsTests {
    /// A removal that waits for a release before it returns, recording each batch.
    final class Gate: Sendable {
        let batches = Mutex<[[String]]>([])
        let held = Mutex(true)

        func remove(_ ids: [String]) async {
            batches.withLock { $0.append(ids) }
            while held.withLock({ $0 }) { await Task.yield() }
        }

        /// Waits (up to 10 s of yields) until `count` batches have begun.
        func waitForBatches(_ count: Int) async throws {
            for _ in 0..<1_000_000 where batches.withLock({ $0.count }) < count { await Task.yield() }
            try #require(batches.withLock { $0.count } >= count)
        }
    }

    @Test("ids that end while a removal runs go together in the next one; nothing is left")
    func batches() async throws {
        let gate = Gate()
        let ends = DeliveryEnds(logger: Logger(label: "test")) { ids in await gate.remove(ids) }
        ends.end("msg_1")
        try await gate.waitForBatches(1)
        for id in ["msg_2", "msg_3", "msg_4"] { ends.end(id) }
        gate.held.withLock { $0 = false }
        try await gate.waitForBatches(2)
        #expect(gate.batches.withLock { $0 } == [["msg_1"], ["msg_2", "msg_3", "msg_4"]])
        // Idle again: the next id starts a removal of its own.
        ends.end("msg_5")
        try await gate.waitForBatches(3)
        #expect(gate.batches.withLock { $0 }.last == ["msg_5"])
    }

    @Test("a removal waits for the ids that end while it gathers, and takes them in one batch")
    func gathers() async throws {
        let gate = Gate()
        gate.held.withLock { $0 = false }
        let gathering = Gate()
        let ends = DeliveryEnds(
            logger: Logger(label: "test"), gather: { await gathering.remove(["gather"]) },
            remove: { ids in await gate.remove(ids) })
        ends.end("msg_1")
        try await gathering.waitForBatches(1)
        for id in ["msg_2", "msg_3"] { ends.end(id) }
        #expect(gate.batches.withLock { $0 }.isEmpty)
        gathering.held.withLock { $0 = false }
        try await gate.waitForBatches(1)
        #expect(gate.batches.withLock { $0 } == [["msg_1", "msg_2", "msg_3"]])
    }
}
