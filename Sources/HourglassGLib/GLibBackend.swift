#if canImport(CGLib)
import CGLib
import Foundation
import Hourglass

/// The GLib side of ``GLibClock``: one `GSource` on the clock's `GMainContext`, whose only
/// wake-up is a timerfd on `CLOCK_BOOTTIME`, armed for the queue's earliest deadline.
///
/// Arming the timerfd is a plain system call, safe from any thread, and it wakes the context by
/// itself (the fd it polls becomes readable), so a timer scheduled or handed over from another
/// thread needs no GLib call to reach the context. The source's dispatch, on the context's
/// thread, runs the due timers. GLib's own timeouts are not used: they count
/// `g_get_monotonic_time` (`CLOCK_MONOTONIC`, which stops while the machine sleeps) in whole
/// milliseconds of poll timeout.
///
/// The source keeps the backend alive as its callback data (a retained reference, released by
/// the data's destroy notify, which GLib defers until a dispatch in progress has returned), so
/// the backend outlives every dispatch, whichever thread shuts the clock down. GLib hands that
/// reference to the dispatch as an argument: nothing is read from the source's memory, which
/// GLib guards with locks of its own.
final class GLibBackend: TimerBackend, @unchecked Sendable {
    // @unchecked Sendable: `timerFD` and `context` are lets, valid until deinit (the context is
    // referenced, the fd closed there). `source`, `isShutDown`, `loopFailure` and `runner` are
    // read and written under `lock`. The other threads only call timerfd_settime on `timerFD`
    // and GLib's thread-safe source calls (g_source_set_ready_time, g_source_destroy).
    private let timerFD: Int32
    private let context: OpaquePointer
    private let lock = Lock()
    private var source: UnsafeMutablePointer<GSource>?
    private var isShutDown = false
    private var loopFailure: GLibError?
    private var runner: TimerRunner?

    /// How many descriptors a new `GMainContext` takes: its wake-up, an eventfd, or a pipe
    /// where eventfd fails.
    static let descriptorsForAContext = 2

    /// A timerfd for a backend; with `reserving` > 0, also checks that GLib can then get that
    /// many descriptors. GLib does not fail cleanly there: it aborts the process when a new
    /// context cannot make its wake-up. So they are counted first, by duplicating the timerfd.
    static func makeTimerFD(reserving: Int) throws(GLibError) -> Int32 {
        let fd = hourglass_glib_timerfd_create()
        guard fd >= 0 else { throw .systemCall(name: "timerfd_create", errno: errno) }
        if reserving > 0, let code = FileDescriptorReserve.shortage(of: reserving, duplicating: fd) {
            close(fd)
            throw .systemCall(name: "reserving the \(reserving) descriptors GLib needs", errno: code)
        }
        return fd
    }

    /// Attaches a new source, polling `timerFD` (which the backend now owns), to `context`
    /// (which it references until it is freed).
    init(timerFD: Int32, context: OpaquePointer) {
        self.timerFD = timerFD
        self.context = g_main_context_ref(context)
        let source: UnsafeMutablePointer<GSource> = g_source_new(Self.functions, guint(MemoryLayout<GSource>.size))
        g_source_set_callback(
            source, { _ in 1 }, Unmanaged.passRetained(self).toOpaque(),
            { backend in if let backend { Unmanaged<GLibBackend>.fromOpaque(backend).release() } })
        g_source_set_name(source, "Hourglass.GLibClock")
        _ = g_source_add_unix_fd(source, timerFD, G_IO_IN)
        _ = g_source_attach(source, context)
        self.source = source
    }

    deinit {
        // The descriptor is released even when close reports an error (Linux).
        close(timerFD)
        g_main_context_unref(context)
    }

    /// Written once, from the queue's initializer.
    func attach(_ runner: TimerRunner) {
        lock.withLock { self.runner = runner }
    }

    /// Whether the calling thread owns the context: it runs the context's loop.
    var isOnContext: Bool { g_main_context_is_owner(context) != 0 }

    /// Why the clock stopped running its timers on its own, if it did.
    var failure: GLibError? { lock.withLock { loopFailure } }

    // MARK: TimerBackend

    var now: TimerInstant { MonotonicTime.now() }

    func wake(at instant: TimerInstant?) {
        lock.withLock {
            guard !isShutDown, loopFailure == nil else { return }
            let result =
                instant.map { hourglass_glib_timerfd_arm(timerFD, $0.nanoseconds) }
                ?? hourglass_glib_timerfd_disarm(timerFD)
            guard result != 0 else { return }
            // No timer could fire any more. The queue's lock is held here, so the clock is
            // shut down by the source's next dispatch, made due at once (thread-safe; it wakes
            // the context).
            loopFailure = .systemCall(name: "timerfd_settime", errno: errno)
            if let source { g_source_set_ready_time(source, 0) }
        }
    }

    // MARK: Lifetime

    /// Cancels every timer, for good, and removes the source from its context. From any
    /// thread; does not wait for a dispatch in progress on the context's thread (none starts a
    /// callback after this). Idempotent.
    func shutdown() {
        // First, so that no timer due meanwhile starts: a run of due timers in progress ends
        // after the callback it is in. (Outside `lock`: cancelling re-arms through `wake(at:)`.)
        lock.withLock { runner }?.shutdown()
        let source: UnsafeMutablePointer<GSource>? = lock.withLock {
            isShutDown = true
            defer { self.source = nil }
            return self.source
        }
        guard let source else { return }
        // The context's reference goes with g_source_destroy, ours with g_source_unref; the
        // callback data's destroy notify (after a dispatch in progress, if any) releases this
        // backend.
        g_source_destroy(source)
        g_source_unref(source)
    }

    /// The source's dispatch: the timerfd is readable (or a failure made the source due).
    private func dispatch() {
        let (failed, runner) = lock.withLock { () -> (Bool, TimerRunner?) in
            let drained = hourglass_glib_timerfd_drain(timerFD)
            let readError = drained < 0 ? errno : 0
            // EAGAIN: the timer was re-armed since the poll; an early wake-up is harmless. Any
            // other error leaves the fd readable for ever.
            if readError != 0 && readError != EAGAIN && readError != EINTR && loopFailure == nil {
                loopFailure = .systemCall(name: "read(timerfd)", errno: readError)
            }
            return (loopFailure != nil, self.runner)
        }
        if failed {
            shutdown()
            return
        }
        runner?.runDue()
    }

    /// The source functions: GLib keeps a pointer to them while a source made with them lives,
    /// so they are made once and never freed.
    // nonisolated(unsafe): the table is written here, once, and only read afterwards (by GLib).
    private nonisolated(unsafe) static let functions: UnsafeMutablePointer<GSourceFuncs> = {
        var functions = GSourceFuncs()
        // No prepare or check: a source with a unix fd is dispatched when the fd is ready, and
        // its ready time (set only after a failure) makes it due too. `backend` is the source's
        // callback data, kept alive by GLib while the dispatch runs.
        functions.dispatch = { _, _, backend in
            if let backend { Unmanaged<GLibBackend>.fromOpaque(backend).takeUnretainedValue().dispatch() }
            return 1  // G_SOURCE_CONTINUE
        }
        let table = UnsafeMutablePointer<GSourceFuncs>.allocate(capacity: 1)
        table.initialize(to: functions)
        return table
    }()
}
#endif
