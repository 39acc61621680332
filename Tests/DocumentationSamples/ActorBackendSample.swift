import Foundation
import Hourglass
import Testing

// The actor sample of the Hourglass catalog's "Testing with VirtualClock", verbatim.

actor Backend {
    let clock: VirtualClock

    init(clock: VirtualClock) { self.clock = clock }

    func reply() async throws -> TimerInstant {
        try await clock.sleep(for: .milliseconds(400))
        return clock.now
    }
}

@Test("an actor's reply lands at its instant, with no waiting call")
func actorReply() {
    let clock = VirtualClock()
    let backend = Backend(clock: clock)
    let replies = Printed()
    clock.startTask {
        let at = try? await backend.reply()
        replies.append("reply at \(at.map { $0.nanoseconds / 1_000_000 } ?? -1) ms")
    }

    clock.advance(by: .seconds(3))
    #expect(replies.lines == ["reply at 400 ms"])
}
