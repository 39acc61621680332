import Foundation
import Hourglass
import SignUp

/// The wall clock a session uses: a starting date plus the session clock's (script) time, so
/// that script time — `wait`, `suspend`, a time scale — reaches the wall clock as it reaches
/// every timer; `wall ±DURATION` shifts it.
///
/// Without a state directory the starting date is a fixed epoch, so runs are reproducible.
/// With one it is the system's date when the session starts: a saved cooldown then counts on
/// across runs in real time, and within a run in script time.
final class ShiftedWallClock: WallClock, Sendable {
    private let offset = Locked<TimeInterval>(0)
    private let clock: any TimerClock
    private let start: Date

    /// The scripts' epoch: 2026-01-01T00:00:00Z.
    static let epoch = Date(timeIntervalSince1970: 1_767_225_600)

    /// A wall clock that reads `start` at `clock`'s instant zero, where a session's clock starts
    /// (however long the session took to be made), and moves with the clock's logical time.
    init(following clock: any TimerClock, from start: Date) {
        self.clock = clock
        self.start = start
    }

    /// The system's date now, in whole milliseconds (saved cooldowns keep milliseconds).
    static var systemNow: Date {
        Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1_000).rounded(.down) / 1_000)
    }

    var now: Date {
        let shift = offset.withLock { $0 }
        return start.addingTimeInterval(clock.logicalNow.sinceOrigin.seconds + shift)
    }

    func shift(by duration: Duration) {
        offset.withLock { $0 += duration.seconds }
    }
}
