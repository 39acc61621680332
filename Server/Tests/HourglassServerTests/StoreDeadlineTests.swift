import Synchronization
import Testing

@testable import HourglassServer

/// A store's call bounded by one watch for every call in flight.
@Suite("The store's deadline", .timeLimit(.minutes(1)))
struct StoreDeadlineTests {
    @Test("a call within its limit answers its value; none is left watched")
    func callWithinItsLimit() async throws {
        let watch = StoreDeadline.Watch()
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for value in 0..<50 { group.addTask { try await StoreDeadline.run(.seconds(30), watch: watch) { value } } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values.sorted() == Array(0..<50))
        #expect(watch.watched == 0)
    }

    @Test("a call past its limit ends with Exceeded and is cancelled; so does one after the watch went idle")
    func callPastItsLimit() async throws {
        let watch = StoreDeadline.Watch()
        for _ in 1...2 {
            let cancelled = Mutex(false)
            await #expect(throws: StoreDeadline.Exceeded.self) {
                try await StoreDeadline.run(.milliseconds(100), watch: watch) {
                    do { try await Task.sleep(for: .seconds(60)) } catch { cancelled.withLock { $0 = true } }
                }
            }
            // The call is cancelled after its caller was answered: it ends soon after.
            for _ in 0..<100 where !cancelled.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
            #expect(cancelled.withLock { $0 })
            // Idle again: the second round starts a new look.
            try await Task.sleep(for: StoreDeadline.Watch.interval * 3)
        }
        #expect(watch.watched == 0)
    }

    @Test("a failing call ends with its own error, not Exceeded")
    func failingCall() async throws {
        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await StoreDeadline.run(.seconds(30)) { () async throws -> Int in throw Refused() }
        }
    }
}
