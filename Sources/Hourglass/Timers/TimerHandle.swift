/// A running (or stopped) timer. Releasing the last reference cancels it.
///
/// Every method is safe from any thread, idempotent where it makes sense, and never traps:
/// `pause()` on a paused timer, `resume()` on a running one or `cancel()` twice are no-ops.
public final class TimerHandle: Sendable, CustomStringConvertible {
    // Eight bytes of fields, so that a handle takes malloc's smallest block: the queue by its
    // number (``TimerQueueDirectory``; the queue keeps itself alive while it has handles, so no
    // reference is counted per handle) and the timer's slot, which is the handle's until it goes.
    private let queueNumber: UInt32
    private let slot: UInt32

    /// - Parameters:
    ///   - queueNumber: its queue's ``TimerQueue/number`` (passed rather than the queue, so that
    ///     making a handle neither retains nor releases the queue).
    ///   - id: the timer, added with a handle.
    @usableFromInline
    init(queueNumber: UInt32, id: TimerID) {
        self.queueNumber = queueNumber
        slot = id.slot
    }

    deinit {
        // The queue is lent for the call only: the timer's handler may hold the queue's other
        // handles, so it is released after the call, as is the queue after its last handle.
        let queue = TimerQueueDirectory.queue(queueNumber)
        let key = TimerID(handleSlot: slot)
        let (handler, wasLastHandle) = queue._withUnsafeGuaranteedRef { $0.releaseHandle(key) }
        if wasLastHandle { queue.release() }
        _ = consume handler
    }

    /// Calls `body` with the queue and the handle's key for its slot. The queue is alive while
    /// the handle is (its deinit aside), so it is lent without a retain and a release.
    @inline(__always)
    private func withQueue<Result>(_ body: (TimerQueue, TimerID) -> Result) -> Result {
        let key = TimerID(handleSlot: slot)
        return TimerQueueDirectory.queue(queueNumber)._withUnsafeGuaranteedRef { body($0, key) }
    }

    /// The timer's identity in its queue.
    public var id: TimerID { withQueue { $0.handleID($1) } }

    /// The kind of timer.
    public var kind: TimerKind { withQueue { $0.kind(of: $1) } }

    /// Where the timer is in its life.
    public var state: TimerState { withQueue { $0.state(of: $1) } }

    /// Starts a timer created with `startsRunning: false`; its delay counts from now.
    public func start() { withQueue { $0.start($1) } }

    /// Runs the callback now, on the clock's context, and keeps the schedule as it is.
    /// A one-shot is finished by it. Ignored once the timer is finished or cancelled.
    ///
    /// A real clock runs it on its context as soon as that is free (at once, after the current
    /// callback, when called from one). A ``VirtualClock`` runs it before `fire()` returns, on the
    /// calling thread, with whatever else is due at the present, as `advance(by: .zero)` does;
    /// called inside one of its callbacks or during an advance, right after the current callback.
    /// So on a virtual clock call it from the thread that moves the clock (another thread would
    /// run the callbacks while the test's thread goes on), and not while holding a lock that the
    /// callback takes.
    public func fire() { withQueue { $0.fire($1) } }

    /// Stops the timer, keeping the time left until its next fire (a countdown: until its end).
    public func pause() { withQueue { $0.pause($1) } }

    /// Goes on after ``pause()`` with the time that was left.
    public func resume() { withQueue { $0.resume($1) } }

    /// Cancels the timer: its callback does not start again. A callback that has already
    /// started on the clock's context runs to its end.
    public func cancel() { withQueue { $0.cancel($1) } }

    public var description: String {
        let (id, kind, state) = withQueue { $0.handleListing($1) }
        return "\(kind) \(id) \(state)"
    }
}
