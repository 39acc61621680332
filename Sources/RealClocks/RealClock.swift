import Dispatch
import Foundation
package import Hourglass
import HourglassDispatch

// os(Linux), not canImport: the manifest gives LineMode these clocks on Linux alone, and
// elsewhere a whole-package build may still find their empty modules among its built modules.
#if os(Linux)
import HourglassGLib
import HourglassLibevent
#endif

/// A real clock made from a ``RealClockKind`` — the one place where `linemode` and
/// `hourglass-demo` make their clocks — and the two ways they run one: on the calling thread
/// until ``finish()`` (a script, a countdown), or in the background until ``shutdown()`` (live
/// mode).
package final class RealClock: Sendable {
    /// The clock, to schedule on.
    package let clock: any TimerClock
    private let engine: Engine

    private enum Engine: Sendable {
        /// GCD runs on its own queue; the semaphore stands for "finished".
        case dispatch(DispatchClock, DispatchSemaphore)
        #if os(Linux)
        /// libevent runs where its loop is run: the caller's thread or a thread of its own.
        case libevent(LibeventClock)
        #endif
        #if os(Linux)
        /// GLib runs its own context on a thread of its own; the semaphore stands for "finished".
        case glib(GLibClock, DispatchSemaphore)
        #endif
    }

    /// The real clock `kind` names.
    /// - Throws: `LibeventError` when libevent cannot make its loop; `GLibError` when the GLib
    ///   clock cannot get its timerfd, descriptors or thread; ``UnavailableClock`` for libevent
    ///   or GLib off Linux; on Linux, an error saying so when GCD could not get the file
    ///   descriptors it needs (libdispatch would trap).
    package init(_ kind: RealClockKind) throws {
        switch kind {
        case .dispatch:
            #if os(Linux)
            if let code = FileDescriptorReserve.shortage(
                of: DispatchDescriptorShortage.needed, duplicating: STDERR_FILENO)
            {
                throw DispatchDescriptorShortage(code: code)
            }
            #endif
            let clock = DispatchClock()
            (self.clock, engine) = (clock, .dispatch(clock, DispatchSemaphore(value: 0)))
        case .libevent:
            #if os(Linux)
            let clock = try LibeventClock()
            (self.clock, engine) = (clock, .libevent(clock))
            #else
            throw UnavailableClock.libevent
            #endif
        case .glib:
            #if os(Linux)
            let clock = try GLibClock()
            let finished = DispatchSemaphore(value: 0)
            // A failure shuts the clock down: that ends `runUntilFinished()` too.
            clock.timerQueue.whenShutDown { finished.signal() }
            (self.clock, engine) = (clock, .glib(clock, finished))
            #else
            throw UnavailableClock.glib
            #endif
        }
    }

    /// Why the clock stopped running for good (libevent's loop failed, GLib's timerfd failed), if
    /// it did; nil while it can run, and always for GCD.
    package var failure: (any Error)? {
        switch engine {
        case .dispatch: nil
        #if os(Linux)
        case .libevent(let clock): clock.failure
        #endif
        #if os(Linux)
        case .glib(let clock, _): clock.failure
        #endif
        }
    }

    /// Runs the clock on this thread (libevent) or waits while it runs on its queue (GCD) or its
    /// thread (GLib) until ``finish()`` is called, then shuts it down.
    /// - Throws: `LibeventError` when libevent's loop fails; `GLibError` when the GLib clock's
    ///   timerfd fails (the clock has then shut itself down, so ``finish()`` might never come).
    package func runUntilFinished() throws {
        switch engine {
        case .dispatch(let clock, let finished):
            finished.wait()
            clock.shutdown()
        #if os(Linux)
        case .libevent(let clock):
            try clock.run()
        #endif
        #if os(Linux)
        case .glib(let clock, let finished):
            finished.wait()
            clock.shutdown()
            if let failure = clock.failure { throw failure }
        #endif
        }
    }

    /// Ends ``runUntilFinished()``: from a callback on the clock, or from any thread.
    package func finish() {
        switch engine {
        case .dispatch(_, let finished): finished.signal()
        #if os(Linux)
        case .libevent(let clock): clock.stop()
        #endif
        #if os(Linux)
        case .glib(_, let finished): finished.signal()
        #endif
        }
    }

    /// Runs the clock in the background — libevent's loop on a thread of its own; GCD and GLib
    /// (whose thread runs from the start) need nothing — until ``shutdown()``.
    /// - Throws: `LibeventError` when libevent's loop cannot start.
    package func start() throws {
        #if os(Linux)
        if case .libevent(let clock) = engine { try clock.start() }
        #endif
    }

    /// Stops a clock started with ``start()``; what is still scheduled never runs.
    package func shutdown() {
        switch engine {
        case .dispatch(let clock, _): clock.shutdown()
        #if os(Linux)
        case .libevent(let clock): clock.stop()
        #endif
        #if os(Linux)
        case .glib(let clock, _): clock.shutdown()
        #endif
        }
    }
}
