/// Lets a ``VirtualClock``'s queue reach the clock, which does not exist yet when the queue is
/// made (a timer's `fire()` runs it at once).
final class VirtualClockLink: Sendable {
    private let reference = Locked(WeakReference<VirtualClock>(nil))

    var clock: VirtualClock? {
        get { reference.withLock { $0.object } }
        set { reference.withLock { $0.object = newValue } }
    }
}
