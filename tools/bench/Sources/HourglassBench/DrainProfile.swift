import Foundation
import Hourglass
import HourglassLibevent

/// `--profile-drain [--count N]`: how fast each peer runs a backlog, what decides the burst
/// rows' lateness tail. `N` one-shots (100 000) fall due within 1 ms, 50 ms after the start;
/// prints, per peer and round, how late the first fire was and the time a fire from the first
/// to the 1 000th and to the last. `LibeventClock` runs twice: on its own thread, and with
/// its loop run by `run()` on the thread that scheduled the timers (as the C peers do).
enum DrainProfile {
    /// `LibeventClock` with its loop on this thread; the last callback stops it. (The count
    /// of fires takes a lock each, which the other rows do not pay.)
    static func onThisThread(_ delays: [Int64]) -> [Int64] {
        guard let clock = try? LibeventClock() else { return [] }
        let log = FireLog(count: delays.count, start: now())
        let left = Counter()
        var handles: [TimerHandle] = []
        for (index, delay) in delays.enumerated() {
            let wait = max(0, log.start + delay - now())
            let action: @Sendable (TimerFire) -> Void = { _ in
                log.fired(index)
                if left.next() == delays.count - 1 { clock.shutdown() }
            }
            if let handle = try? clock.oneShot(after: .nanoseconds(wait), action) { handles.append(handle) }
        }
        try? clock.run()
        let fired = log.wait()
        withExtendedLifetime(handles) {}
        return fired
    }

    static func run(count: Int) {
        var random = SplitMix(seed: 9)
        let delays = (0..<count).map { _ in 50_000_000 + Int64.random(in: 0...1_000_000, using: &random) }
        let peers: [(String, ([Int64]) -> [Int64])] = [
            (Peer.floor, OneShotPeers.floor), (Peer.libeventClock, OneShotPeers.libeventClock),
            (Peer.rawLibevent, OneShotPeers.rawLibevent),
            ("LibeventClock, run() on the scheduling thread", onThisThread),
        ]
        for round in 0..<5 {
            for (peer, body) in peers {
                let fired = body(delays).sorted()
                guard fired.count == count else {
                    print("round \(round) \(peer): \(fired.count) of \(count) timers fired")
                    continue
                }
                let first = fired[0]
                let thousandth = Double(fired[999] - first) / 999
                let whole = Double(fired[count - 1] - first) / Double(count - 1)
                print(
                    "round \(round) \(peer): first late \(first - 50_000_000) ns, "
                        + "ns a fire to the 1000th \(Int(thousandth)), to the last \(Int(whole))")
            }
        }
    }
}
