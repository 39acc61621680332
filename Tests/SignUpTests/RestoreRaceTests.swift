import Dispatch
import Foundation
import Hourglass
import HourglassDispatch
import SignUp
import Testing

#if os(Linux)
import HourglassLibevent
import TestSupport
#endif

@Suite("Restore race: a model is whole before its first restored tick")
struct RestoreRaceTests {
    /// A saved cooldown 1 ms from its end (the store keeps whole milliseconds): its countdown's
    /// last tick is due as soon as it starts.
    static func nearlyOverStore(_ wall: ManualWallClock) -> InMemoryCooldownStore {
        let snapshot = CooldownSnapshot(
            destination: .email("new@example.com"), cooldownLeft: .milliseconds(1), cooldownLength: .seconds(60),
            codeLeft: .seconds(300), codeLifetime: .seconds(300), sendAges: [.seconds(60)])
        return InMemoryCooldownStore(SavedCooldown(snapshot, wallNow: wall.now))
    }

    /// Makes 1 000 registration models on `clock`, in batches of 100 made back to back (so
    /// ticks arrive while later models are being built), each with a cooldown that ends at
    /// once, and checks that every owner is told of the end: a tick that came before its owner
    /// was built would be lost, and the test would then wait until its time limit.
    static func checkRestores(on clock: any TimerClock) async {
        let wall = ManualWallClock()
        // Awaited, not waited for with a semaphore: no thread of the cooperative pool is blocked.
        // Each model says which it is: one may be told of its end more than once (a later change
        // with the same title), so it is models that are counted, not notifications.
        let (ends, told) = AsyncStream.makeStream(of: Int.self)
        var endsTold = ends.makeAsyncIterator()
        for batch in 0..<10 {
            let models = (0..<100).map { index in
                RegistrationViewModel(
                    clock: clock, service: ScriptedVerificationService(clock: clock), store: nearlyOverStore(wall),
                    wallClock: wall,
                    onChange: { screen in
                        if screen.account.sendButton.title == "Resend" { told.yield(batch * 100 + index) }
                    })
            }
            var ended = Set<Int>()
            while ended.count < models.count, let model = await endsTold.next() {
                if model >= batch * 100 { ended.insert(model) }
            }
            let buttons = Set(models.map(\.screen.account.sendButton))
            #expect(buttons == [ButtonView(title: "Resend", isEnabled: true, accessibilityLabel: "Send code")])
        }
        told.finish()
    }

    @Test("DispatchClock: 1 000 restores, each end told to the owner", .timeLimit(.minutes(1)))
    func dispatch() async {
        let clock = DispatchClock()
        await Self.checkRestores(on: clock)
        clock.shutdown()
    }

    #if os(Linux)
    @Test("LibeventClock: 1 000 restores, each end told to the owner", .timeLimit(.minutes(1)))
    func libevent() async throws {
        let clock = try LibeventClock()
        try clock.start()
        await Self.checkRestores(on: clock)
        clock.shutdown()
    }
    #endif
}
