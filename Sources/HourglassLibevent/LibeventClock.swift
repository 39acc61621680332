#if canImport(CLibevent)
import CLibevent
import Foundation
public import Hourglass

/// A `TimerClock` on a libevent loop: callbacks run on the loop's thread.
///
/// The loop runs on a thread of its own (``start()``) or on the caller's (``run()``, so a
/// program can make it its main loop) until ``shutdown()``. Its only wake-up is a timerfd on
/// `CLOCK_BOOTTIME`, so timers stay right across a machine suspend. Creating and cancelling
/// timers is safe from any thread. ``shutdown()`` — or releasing the clock — cancels every
/// pending timer and frees every C resource.
///
/// ## Failures
///
/// Every libevent and system call is checked. What fails while the clock is made is thrown by
/// ``init()``. What fails once it runs — `event_base_loop` returning an error, or the timerfd
/// refusing to be armed or read, after which no timer could ever fire — ends the loop: every
/// pending timer is cancelled, the clock keeps the reason in ``failure`` (an error state,
/// so a clock that failed is never mistaken for one that runs), ``run()`` throws it, and a
/// later ``start()`` or ``run()`` throws it again.
public final class LibeventClock: TimerClock {
    public let timerQueue: TimerQueue
    private let loop: LibeventBackend
    private let thread = LoopThread()

    /// Creates a clock with a new event base; its loop is not running yet.
    /// - Throws: ``LibeventError`` when libevent or the system refuses a resource.
    public init() throws(LibeventError) {
        loop = try LibeventBackend()
        timerQueue = TimerQueue(backend: loop)
    }

    deinit {
        loop.requestStop()
    }

    /// The libevent version this clock runs on, e.g. "2.1.12-stable".
    public static var libeventVersion: String { String(cString: event_get_version()) }

    /// libevent's I/O method for this base, e.g. "epoll"; "shut down" after ``shutdown()``.
    public var method: String { loop.method }

    /// Whether the caller is on the loop's thread: this clock's context.
    public var isOnContext: Bool { loop.isLoopThread }

    /// Why the loop ended on its own, if it failed (see "Failures" above); nil while it can
    /// run or runs, and after a plain ``shutdown()``.
    public var failure: LibeventError? { loop.failure }

    /// Runs the loop on a new thread; returns once the loop is running there.
    /// - Throws: ``LibeventError/alreadyRunning``, ``LibeventError/shutDown``, or the
    ///   ``failure`` of a loop that already failed.
    public func start() throws(LibeventError) {
        let loop = self.loop
        try loop.ensureReady()
        let started = thread.start {
            // Nothing is dropped: a failure is kept in `loop.failure`, which `failure` reports.
            do { try loop.run() } catch {}
        }
        if !started { throw .alreadyRunning }
        loop.waitUntilStarted()
    }

    /// Runs the loop on the calling thread until ``shutdown()`` is called (from a callback or
    /// another thread).
    /// - Throws: ``LibeventError/alreadyRunning``, ``LibeventError/shutDown``, or the loop's
    ///   ``failure`` when it ends because of one.
    public func run() throws(LibeventError) {
        try loop.run()
    }

    /// Ends the loop, cancels every pending timer and frees the event base. Called from a
    /// callback, no other callback starts, not even one due with it; from another thread, at
    /// most the one about to start then. A timer added afterwards ends at once, cancelled, and a
    /// task sleeping on the clock throws `CancellationError`. Returns after the loop has ended —
    /// except when called from a callback on the loop's thread, where the loop ends as soon as
    /// that callback returns. Idempotent.
    public func shutdown() {
        loop.requestStop()
        thread.join(unlessOnIt: loop.isLoopThread)
    }
}

/// The loop's own thread, when ``LibeventClock/start()`` made one.
private final class LoopThread: Sendable {
    private let started = Locked(false)
    private let finished = DispatchSemaphore(value: 0)

    /// Runs `body` on a new thread; false when a thread was started already.
    func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let first = started.withLock { started in
            defer { started = true }
            return !started
        }
        guard first else { return false }
        let finished = self.finished
        let thread = Thread {
            body()
            finished.signal()
        }
        thread.name = "Hourglass.LibeventClock"
        thread.start()
        return true
    }

    /// Waits for the loop thread to end, if one was started, unless `onIt` (called on it).
    func join(unlessOnIt onIt: Bool) {
        guard started.withLock({ $0 }), !onIt else { return }
        finished.wait()
        finished.signal()
    }
}
#endif
