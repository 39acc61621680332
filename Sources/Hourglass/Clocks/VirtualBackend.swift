/// The virtual clock's time: a number that only ``VirtualClock`` moves. Never wakes anything.
final class VirtualBackend: TimerBackend, Sendable {
    private let nanoseconds = Locked<Int64>(0)

    var now: TimerInstant { nanoseconds.withLock { TimerInstant(nanoseconds: $0) } }

    /// Moves time to `instant` unless it is past already; returns the time after.
    @discardableResult
    func moveForward(to instant: TimerInstant) -> TimerInstant {
        nanoseconds.withLock { nanoseconds in
            nanoseconds = max(nanoseconds, instant.nanoseconds)
            return TimerInstant(nanoseconds: nanoseconds)
        }
    }

    func attach(_ runner: TimerRunner) {}

    func wake(at instant: TimerInstant?) {}
}
