import Dispatch
import Foundation
import Hourglass
import HourglassDispatch
import SignUp
import Testing

#if os(Linux)
import HourglassLibevent
#endif
#if os(Linux)
import HourglassGLib
import TestSupport
#endif

/// The trial's flow — an actor backend whose replies take 400 ms, `tapSend()`, three seconds —
/// on the real clocks shows the screens it shows on `VirtualClock`. The real clocks run at a
/// quarter of real speed (`ScaledClock`, scale 4): a countdown's tick is skipped only when it is
/// a whole second late, and at real speed a whole test run on two cores once starved the
/// model's task that long (two ticks skipped); at a quarter speed a tick would have to be four
/// seconds late.
@Suite("The actor-backend flow on the real clocks")
struct RealClockSlowBackendTests {
    enum Kind: String, CaseIterable, Sendable {
        case dispatch, libevent, glib, continuous
    }

    /// The send button's titles, each once, in order; `advance` lets four seconds of clock time
    /// pass, or on a real clock waits until the button reads `Resend` again.
    static func titles(
        on clock: any TimerClock, advance: (Duration, Recorder<String>) async -> Void
    ) async -> [String] {
        let titles = Recorder<String>()
        let model = VerificationViewModel(
            config: VerificationConfig(cooldown: .seconds(3)), clock: clock, service: SlowBackend(clock: clock),
            wallClock: ManualWallClock(),
            onChange: { state in
                let title = VerificationScreen(state).sendButton.title
                if titles.values.last != title { titles.append(title) }
            })
        model.setDestination("new@example.com")
        model.tapSend()
        await advance(.seconds(4), titles)
        withExtendedLifetime(model) {}
        return titles.values
    }

    @Test("the same titles as on VirtualClock", arguments: Kind.allCases)
    func sameTitles(kind: Kind) async throws {
        let virtual = VirtualClock()
        let expected = await Self.titles(on: virtual) { duration, _ in virtual.advance(by: duration) }
        #expect(expected == ["Get code", "Sending…", "Resend in 3s", "Resend in 2s", "Resend in 1s", "Resend"])
        let base: any TimerClock
        var stop: @Sendable () -> Void = {}
        switch kind {
        case .dispatch:
            let clock = DispatchClock()
            (base, stop) = (clock, { clock.shutdown() })
        case .continuous:
            let clock = AdaptedClock(ContinuousClock(), queue: DispatchQueue(label: "adapted"))
            (base, stop) = (clock, { clock.shutdown() })
        case .libevent:
            #if os(Linux)
            let clock = try LibeventClock()
            try clock.start()
            (base, stop) = (clock, { clock.shutdown() })
            #else
            return
            #endif
        case .glib:
            #if os(Linux)
            let clock = try GLibClock()
            (base, stop) = (clock, { clock.shutdown() })
            #else
            return
            #endif
        }
        defer { stop() }
        let scaled = try ScaledClock(base: base, scale: 4)
        // Waits without blocking a thread of the cooperative pool, where the model's task runs;
        // other suites may keep that pool busy for a while (over a minute in a whole run under
        // ThreadSanitizer), so the wait is long, and ends early.
        let titles = await Self.titles(on: scaled) { _, titles in
            let end = ContinuousClock.now + .seconds(300)
            while titles.values.last != "Resend" && ContinuousClock.now < end {
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
        #expect(titles == expected)
    }
}
