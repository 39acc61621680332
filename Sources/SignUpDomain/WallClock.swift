public import Foundation

/// The calendar time, for deadlines that must survive a restart. Unlike a `TimerClock` it
/// may be set backwards or forwards, so what is read from it is clamped.
public protocol WallClock: Sendable {
    /// The current calendar time.
    var now: Date { get }
}

/// The system's calendar time.
public struct SystemWallClock: WallClock {
    /// The system clock.
    public init() {}

    /// The system's current time.
    public var now: Date { Date() }
}
