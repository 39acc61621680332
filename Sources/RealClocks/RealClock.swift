import Dispatch
import Foundation
package import Hourglass
import HourglassDispatch

// os(Linux), not canImport: the manifest gives HourglassLineMode these clocks on Linux alone, and
// elsewhere a whole-package build may still find their empty modules among its built modules.
#if os(Linux)
import HourglassGLib
import HourglassLibevent
#endif

/// A real clock made from a ``RealClockKind`` — the one place where `linemode` and
/// `hourglass-demo` make their clocks — and the two ways they run one: ``run()`` on the calling
/// thread, or ``start()`` in the background, each until ``shutdown()``.
package final class RealClock: Sendable {
    /// The clock, to schedule on.
    package let clock: any TimerClock
    private let engine: Engine

    private enum Engine: Sendable {
        /// GCD runs on its own queue; the semaphore is signalled when the clock shuts down.
        case dispatch(DispatchClock, DispatchSemaphore)
        #if os(Linux)
        /// libevent runs where its loop is run: the caller's thread or a thread of its own.
        case libevent(LibeventClock)
        #endif
        #if os(Linux)
        /// GLib runs its own context on a thread of its own; the semaphore is signalled when the
        /// clock shuts down.
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
            let shutDown = DispatchSemaphore(value: 0)
            clock.timerQueue.whenShutDown { shutDown.signal() }
            (self.clock, engine) = (clock, .dispatch(clock, shutDown))
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
            let shutDown = DispatchSemaphore(value: 0)
            // A failure shuts the clock down too: that ends `run()` as well.
            clock.timerQueue.whenShutDown { shutDown.signal() }
            (self.clock, engine) = (clock, .glib(clock, shutDown))
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
    /// thread (GLib), until ``shutdown()`` — from a callback on the clock, or from any thread —
    /// or until it stops for good on its own.
    /// - Throws: `LibeventError` when libevent's loop fails; `GLibError` when the GLib clock's
    ///   timerfd fails.
    package func run() throws {
        switch engine {
        case .dispatch(_, let shutDown):
            shutDown.wait()
        #if os(Linux)
        case .libevent(let clock):
            try clock.run()
        #endif
        #if os(Linux)
        case .glib(let clock, let shutDown):
            shutDown.wait()
            // From a callback the clock's thread ends once it returns: wait for that here.
            clock.shutdown()
            if let failure = clock.failure { throw failure }
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

    /// Stops the clock for good, ending ``run()``; what is still scheduled never runs.
    package func shutdown() {
        switch engine {
        case .dispatch(let clock, _): clock.shutdown()
        #if os(Linux)
        case .libevent(let clock): clock.shutdown()
        #endif
        #if os(Linux)
        case .glib(let clock, _): clock.shutdown()
        #endif
        }
    }
}
