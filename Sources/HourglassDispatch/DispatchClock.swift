public import Dispatch
public import Hourglass

/// A `TimerClock` on GCD: one `DispatchSourceTimer`, re-armed to the earliest deadline,
/// runs every timer's callback on a serial `DispatchQueue`.
///
/// The source is resumed exactly once, when the clock is made, and is never suspended, so
/// the libdispatch traps for releasing a suspended source or resuming one twice cannot
/// happen. Releasing the clock (or ``shutdown()``) cancels every timer. Keep the clock as
/// long as its timers should run; a `TimerHandle` alone does not keep them firing.
public final class DispatchClock: TimerClock {
    public let timerQueue: TimerQueue
    /// The serial queue every callback runs on.
    public let queue: DispatchQueue
    private let backend: DispatchBackend
    /// Marks `queue`, so that ``isOnContext`` can tell when the caller runs on it.
    private let contextKey = DispatchSpecificKey<ObjectIdentifier>()

    /// Creates a clock whose callbacks run on `queue` — which must be serial, e.g. `.main` in
    /// an app — or, by default, on a serial queue of its own.
    public init(queue: DispatchQueue? = nil) {
        let queue = queue ?? DispatchQueue(label: "Hourglass.DispatchClock")
        self.queue = queue
        backend = DispatchBackend(queue: queue)
        timerQueue = TimerQueue(backend: backend)
        queue.setSpecific(key: contextKey, value: ObjectIdentifier(contextKey))
    }

    /// Whether the caller runs on ``queue``: in a block on it or, for `.main`, on the main thread.
    public var isOnContext: Bool {
        DispatchQueue.getSpecific(key: contextKey) == ObjectIdentifier(contextKey)
    }

    deinit {
        shutdown()
        queue.setSpecific(key: contextKey, value: nil)
    }

    /// Cancels every timer and the dispatch source, for good: a timer added afterwards ends at
    /// once, cancelled, work handed over with `perform(_:)` is dropped, and a task
    /// sleeping on the clock throws `CancellationError`. Safe to call more than once.
    public func shutdown() {
        backend.cancel()
    }
}
