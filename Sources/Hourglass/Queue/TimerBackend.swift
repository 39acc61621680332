/// What a clock implementation provides to its ``TimerQueue``: the time, and one wake-up.
///
/// A backend keeps a single armed timer of its own (a `DispatchSourceTimer`, a libevent
/// event, or nothing for ``VirtualClock``). The queue tells it when to wake with
/// ``wake(at:)``; when the wake-up goes off, the backend calls ``TimerRunner/runDue()`` on
/// its clock's serial context, with the ``TimerRunner`` the queue handed it in ``attach(_:)``.
/// All timer semantics live in the queue. See <doc:WritingABackend>.
public protocol TimerBackend: AnyObject, Sendable {
    /// The current instant on this clock: monotonic, never going backwards.
    var now: TimerInstant { get }

    /// Called once, by ``TimerQueue/init(backend:)``: keep `runner` and call its
    /// ``TimerRunner/runDue()`` whenever the wake-up goes off. The runner does not keep the
    /// queue alive, so the backend may keep it as long as it likes.
    func attach(_ runner: TimerRunner)

    /// Arms the backend's wake-up to run the queue's due timers at (or just after)
    /// `instant` on the clock's serial context, replacing any earlier request; `nil` disarms.
    ///
    /// The queue calls this with its lock held, only when the instant changes, so it must be
    /// quick and must not call back into the queue synchronously.
    func wake(at instant: TimerInstant?)
}
