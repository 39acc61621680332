public import Foundation
import Hourglass

/// A `WallClock` that stands still until the test moves it — forwards, or backwards
/// as a person setting their phone's clock does — for flows that restore a cooldown after a
/// restart, where calendar time matters.
public final class ManualWallClock: WallClock, Sendable {
    private let date: Locked<Date>

    /// A wall clock reading `date` (by default 2027-01-15 08:00 UTC, a fixed, ordinary instant).
    public init(_ date: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        self.date = Locked(date)
    }

    /// The time it reads; setting it moves the clock to any date.
    public var now: Date {
        get { date.withLock { $0 } }
        set { date.withLock { $0 = newValue } }
    }

    /// Moves the clock by `duration`, backwards when negative.
    public func advance(by duration: Duration) {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        date.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
