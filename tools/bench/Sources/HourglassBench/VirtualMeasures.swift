import Foundation
import Hourglass
import PhoneNumbers
import SignUp

/// The virtual clock's own figures.
enum VirtualMeasures {
    /// Fires per second running `n` one-shots at random deadlines within an hour.
    static func firesPerSecond(_ delays: [Int64]) -> Double {
        let clock = VirtualClock()
        let fired = Counter()
        for delay in delays { _ = try? clock.schedule(after: .nanoseconds(delay)) { _ in _ = fired.next() } }
        let start = now()
        clock.advance(by: .seconds(7_200))
        let elapsed = now() - start
        return Double(fired.next()) / (Double(elapsed) / 1e9)
    }

    /// The time to drive a whole 60 s verification flow in-process, averaged over `runs`;
    /// nil if a flow did not end verified.
    static func verificationFlow(runs: Int) -> Double? {
        let start = now()
        for _ in 0..<runs {
            let clock = VirtualClock()
            let service = ScriptedVerificationService(clock: clock)
            let model = VerificationViewModel(
                config: VerificationConfig(region: PhoneRegion("CN")), clock: clock, service: service,
                wallClock: FixedWallClock())
            model.setDestination("138 1234 5678")
            model.tapSend()
            clock.advance(by: .seconds(61))
            if let code = service.lastCode(sentTo: .phone("+8613812345678")) { model.setCode(code.revealed) }
            clock.advance(by: .seconds(1))
            guard model.state.isVerified else { return nil }
        }
        return Double(now() - start) / Double(runs)
    }
}

/// A wall clock that does not move, so the flow measures the models alone.
struct FixedWallClock: WallClock {
    var now: Date { Date(timeIntervalSince1970: 1_800_000_000) }
}
