/// A running (or stopped) timer. Releasing the last reference cancels it.
///
/// Every method is safe from any thread, idempotent where it makes sense, and never traps:
/// `pause()` on a paused timer, `resume()` on a running one or `cancel()` twice are no-ops.
public final class TimerHandle: Sendable, CustomStringConvertible {
    /// The queue the timer lives in.
    @usableFromInline let queue: TimerQueue
    /// The timer's identity in its queue.
    public let id: TimerID
    /// The kind of timer.
    public let kind: TimerKind

    @usableFromInline
    init(queue: TimerQueue, id: TimerID, kind: TimerKind) {
        self.queue = queue
        self.id = id
        self.kind = kind
    }

    deinit {
        queue.releaseHandle(id)
    }

    /// Where the timer is in its life.
    public var state: TimerState { queue.state(of: id) }

    /// Starts a timer created with `startsRunning: false`; its delay counts from now.
    public func start() { queue.start(id) }

    /// Runs the callback now, on the clock's context, and keeps the schedule as it is.
    /// A one-shot is finished by it. Ignored once the timer is finished or cancelled.
    public func fire() { queue.fire(id) }

    /// Stops the timer, keeping the time left until its next fire (a countdown: until its end).
    public func pause() { queue.pause(id) }

    /// Goes on after ``pause()`` with the time that was left.
    public func resume() { queue.resume(id) }

    /// Cancels the timer: its callback does not start again. A callback that has already
    /// started on the clock's context runs to its end.
    public func cancel() { queue.cancel(id) }

    public var description: String { "\(kind) \(id) \(state)" }
}
