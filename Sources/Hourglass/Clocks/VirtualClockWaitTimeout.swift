/// ``VirtualClock/waitForPendingTimers(_:timeout:)`` waited its whole timeout of real time and
/// fewer timers than it waited for went live: the work it waited for never reached the clock
/// (it failed, waits for something else, or was counted wrong).
public struct VirtualClockWaitTimeout: Error, Hashable, Sendable, CustomStringConvertible {
    /// How many live timers the test waited for.
    public let expected: Int
    /// How many were live when the wait gave up.
    public let live: Int
    /// How long it waited, in real time.
    public let timeout: Duration

    public var description: String {
        "waited \(timeout) of real time for \(expected) live timers on the VirtualClock, but \(live) "
            + "are live: the work that should add them has not reached the clock (did it fail, or wait for "
            + "something else?); clock.pendingTimers lists what is there"
    }
}
