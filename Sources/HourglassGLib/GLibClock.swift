#if canImport(CGLib)
import CGLib
import Foundation
public import Hourglass

/// A `TimerClock` on a GLib main context: callbacks run where that context's loop runs.
///
/// Three contexts to choose from:
/// - ``mainContext()``: GLib's global default context, the one a GTK or GNOME app runs on its
///   main thread (`gtk_application_run`, `g_main_loop_run`). The app runs the loop; every
///   callback, and every change of a view-model on this clock, happens on the UI thread.
/// - ``init()``: a new context of the clock's own, iterated on a thread the clock owns, as
///   `LibeventClock`'s loop: for a program or a test with no GLib loop of its own.
/// - ``init(unsafeGMainContext:)``: a context the app already runs, given as its `GMainContext *`.
///
/// The clock's one wake-up is a timerfd on `CLOCK_BOOTTIME` polled by a `GSource` on the
/// context, armed for the earliest deadline of all its timers: like every real clock's, its
/// time counts through a process stop and a machine suspend (GLib's own timeouts count
/// `CLOCK_MONOTONIC`, which stops while the machine sleeps), and it wakes the context within
/// microseconds, where GLib's poll timeouts come in whole milliseconds. The source has GLib's
/// default priority, as `g_timeout_add`'s timers do.
///
/// Creating and cancelling timers is safe from any thread: arming the timerfd wakes the
/// context by itself, so work handed over from another thread (`perform(_:)`, a timer due
/// now) reaches the context without a GLib call. Callbacks run one at a time, never nested:
/// GLib does not dispatch a source again while its dispatch runs, even from a nested loop.
/// ``shutdown()`` — or releasing the clock — cancels every pending timer and removes the
/// source.
///
/// ## Failures
///
/// What the system refuses while the clock is made is thrown, as a ``GLibError``: no
/// descriptor for the timerfd, too few for GLib to make a new context (GLib would abort the
/// process there, so they are counted first), no thread for the clock's own loop. Should the
/// timerfd later refuse to be armed or read, after which no timer could fire, the clock
/// shuts itself down on its context: every pending timer is cancelled and ``failure`` says why.
public final class GLibClock: TimerClock {
    public let timerQueue: TimerQueue
    private let backend: GLibBackend
    /// The thread iterating the clock's own context; nil on a context the app runs.
    private let loopThread: GLibLoopThread?

    /// Creates a clock on a new `GMainContext` of its own, which a thread the clock owns
    /// iterates (with the context as its thread-default) until ``shutdown()``.
    /// - Throws: ``GLibError/systemCall(name:errno:)`` when the system refuses a descriptor or
    ///   the thread.
    public convenience init() throws(GLibError) {
        let fd = try GLibBackend.makeTimerFD(reserving: GLibBackend.descriptorsForAContext)
        let context: OpaquePointer = g_main_context_new()
        // The backend and the loop thread keep references of their own.
        defer { g_main_context_unref(context) }
        try self.init(backend: GLibBackend(timerFD: fd, context: context), iterating: context)
    }

    /// Creates a clock on a `GMainContext` that the app runs: `context` must be a
    /// `GMainContext *` (in Swift, the `OpaquePointer` GLib's functions take and return, such as
    /// `g_main_context_get_thread_default()`'s). Unsafe, as its name says: Swift cannot tell a
    /// `GMainContext *` from another opaque C pointer, and any other (a `GMainLoop *`) corrupts
    /// memory. Callbacks run on whichever thread iterates it; the clock holds a reference to it
    /// until it is freed.
    /// - Throws: ``GLibError/systemCall(name:errno:)`` when the system refuses the timerfd.
    public convenience init(unsafeGMainContext context: OpaquePointer) throws(GLibError) {
        let fd = try GLibBackend.makeTimerFD(reserving: 0)
        try self.init(backend: GLibBackend(timerFD: fd, context: context), iterating: nil)
    }

    private init(backend: GLibBackend, iterating ownContext: OpaquePointer?) throws(GLibError) {
        self.backend = backend
        timerQueue = TimerQueue(backend: backend)
        guard let ownContext else {
            loopThread = nil
            return
        }
        do {
            loopThread = try GLibLoopThread(iterating: ownContext)
        } catch {
            backend.shutdown()
            throw error
        }
    }

    /// A clock on GLib's global default main context — GTK's: callbacks run on the thread that
    /// runs its loop, the app's main thread. The app runs the loop (`gtk_application_run`,
    /// `g_application_run`, `g_main_loop_run`); until it does, no timer fires.
    /// - Throws: ``GLibError/systemCall(name:errno:)`` when the system refuses the timerfd, or
    ///   the descriptors GLib needs to make the default context.
    public static func mainContext() throws(GLibError) -> GLibClock {
        let fd = try GLibBackend.makeTimerFD(reserving: GLibBackend.descriptorsForAContext)
        return try GLibClock(backend: GLibBackend(timerFD: fd, context: g_main_context_default()), iterating: nil)
    }

    deinit {
        shutdown()
    }

    /// Whether the caller runs the clock's context: it owns the `GMainContext`, as the thread
    /// in `g_main_loop_run` or in one of this clock's callbacks does.
    public var isOnContext: Bool { backend.isOnContext }

    /// Why the clock shut itself down (see "Failures" above); nil while it runs, and after a
    /// plain ``shutdown()``.
    public var failure: GLibError? { backend.failure }

    /// Cancels every timer, for good, and removes the clock's source from its context; on the
    /// clock's own context, also ends its thread. No callback starts after it, except, when
    /// called off the context's thread, the one about to start then. A timer added afterwards
    /// ends at once, cancelled, work handed over with `perform(_:)` is dropped, and a task
    /// sleeping on the clock throws `CancellationError`.
    ///
    /// On its own context it returns after the thread has ended — except when called from a
    /// callback, where the thread ends as soon as that callback returns. On a context the app
    /// runs, it returns at once: a callback running then on the context's thread finishes
    /// there. Idempotent.
    public func shutdown() {
        backend.shutdown()
        loopThread?.stop()
    }
}
#endif
