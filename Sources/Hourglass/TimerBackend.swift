/// What a clock implementation provides to its ``TimerQueue``: the time, and one wake-up.
///
/// A backend keeps a single armed timer of its own (a `DispatchSourceTimer`, a libevent
/// event, or nothing for ``VirtualClock``). When it goes off, the backend calls
/// ``TimerQueue/runDue(now:limit:)`` (a real clock: ``TimerQueue/runDue(readingTime:passes:)``)
/// on its serial context. All timer semantics live in the queue.
public protocol TimerBackend: AnyObject, Sendable {
    /// The current instant on this clock.
    var now: TimerInstant { get }

    /// Arms the backend's wake-up to run the queue's due timers at (or just after)
    /// `instant` on the clock's serial context, replacing any earlier request; `nil` disarms.
    ///
    /// The queue calls this with its lock held, only when the instant changes, so it must be
    /// quick and must not call back into the queue synchronously.
    func wake(at instant: TimerInstant?)
}
