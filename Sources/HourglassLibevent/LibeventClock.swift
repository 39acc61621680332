import CLibevent
import Foundation
public import Hourglass

/// A ``TimerClock`` on a libevent loop: callbacks run on the loop's thread.
///
/// The loop runs on a thread of its own (``start()``) or on the caller's (``run()``, so a
/// program can make it its main loop) until ``stop()``. Its only wake-up is a timerfd on
/// `CLOCK_BOOTTIME`, so timers stay right across a machine suspend. Creating and cancelling
/// timers is safe from any thread. ``stop()`` — or releasing the clock — cancels every
/// pending timer and frees every C resource.
public final class LibeventClock: TimerClock {
    public let timerQueue: TimerQueue
    private let loop: LibeventLoop
    private let thread = ThreadBox()

    /// Creates a clock with a new event base; its loop is not running yet.
    /// - Throws: ``LibeventError`` when libevent or the system refuses a resource.
    public init() throws(LibeventError) {
        loop = try LibeventLoop()
        timerQueue = TimerQueue(backend: loop)
        loop.attach(timerQueue)
    }

    deinit {
        loop.requestStop()
    }

    /// The libevent version this clock runs on, e.g. "2.1.12-stable".
    public static var libeventVersion: String { String(cString: event_get_version()) }

    /// libevent's I/O method for this base, e.g. "epoll"; "stopped" after ``stop()``.
    public var method: String { loop.method }

    /// Whether the caller is on the loop's thread, where callbacks run.
    public var isOnLoopThread: Bool { loop.isLoopThread }

    /// Whether the caller is on the loop's thread: this clock's context.
    public var isOnContext: Bool { loop.isLoopThread }

    /// Runs the loop on a new thread and returns at once.
    /// - Throws: ``LibeventError/alreadyRunning`` or ``LibeventError/stopped``.
    public func start() throws(LibeventError) {
        let loop = self.loop
        try loop.ensureReady()
        let started = thread.start {
            do { try loop.run() } catch {}
        }
        if !started { throw .alreadyRunning }
    }

    /// Runs the loop on the calling thread until ``stop()`` is called (from a callback or
    /// another thread).
    /// - Throws: ``LibeventError/alreadyRunning`` or ``LibeventError/stopped``.
    public func run() throws(LibeventError) {
        try loop.run()
    }

    /// Ends the loop, cancels every pending timer and frees the event base. Returns after the
    /// loop has ended — except when called from a callback on the loop's thread, where the
    /// loop ends as soon as that callback returns. Idempotent.
    public func stop() {
        loop.requestStop()
        thread.join()
    }
}

/// The loop's own thread, when ``LibeventClock/start()`` made one.
private final class ThreadBox: @unchecked Sendable {
    // @unchecked Sendable: `thread` and `finished` are only touched under `lock`.
    private let lock = NSLock()
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)

    func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        lock.withLock {
            guard thread == nil else { return false }
            let finished = self.finished
            let thread = Thread {
                body()
                finished.signal()
            }
            thread.name = "Hourglass.LibeventClock"
            self.thread = thread
            thread.start()
            return true
        }
    }

    /// Waits for the loop thread to end, unless called on it.
    func join() {
        let started: Thread? = lock.withLock { thread }
        guard let started, !started.isEqual(Thread.current) else { return }
        finished.wait()
        finished.signal()
    }
}
