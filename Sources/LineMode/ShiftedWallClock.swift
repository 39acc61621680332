import Foundation
import Hourglass
import SignUp

/// The wall clock a session uses: either the system's, or (for scripts, so that runs are
/// reproducible) a fixed epoch plus the session clock's time; `wall ±DURATION` shifts it.
final class ShiftedWallClock: WallClock, @unchecked Sendable {
    // @unchecked Sendable: `offset` is only read and written under `lock`; the rest is immutable.
    private let lock = NSLock()
    private var offset: TimeInterval = 0
    private let clock: (any TimerClock)?

    /// The scripts' epoch: 2026-01-01T00:00:00Z.
    static let epoch = Date(timeIntervalSince1970: 1_767_225_600)

    /// The system clock when `clock` is nil; else the epoch plus `clock`'s logical time.
    init(following clock: (any TimerClock)?) {
        self.clock = clock
    }

    var now: Date {
        let shift = lock.withLock { offset }
        guard let clock else { return Date().addingTimeInterval(shift) }
        let elapsed = Double(clock.logicalNow.nanoseconds) / 1e9
        return Self.epoch.addingTimeInterval(elapsed + shift)
    }

    func shift(by duration: Duration) {
        lock.withLock { offset += duration.seconds }
    }
}
