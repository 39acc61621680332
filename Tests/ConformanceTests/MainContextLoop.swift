#if canImport(CGLib)
import CGLib
import Dispatch
import Hourglass
import Foundation
import TestSupport

/// GLib's global default main context, run as a GTK app runs it: by `g_main_loop_run` on a
/// thread of its own (this test process's "UI thread"), started once and never ended, so that
/// `GLibClock.mainContext()` clocks fire.
enum MainContextLoop {
    private static let loopThread = Locked<pthread_t?>(nil)

    private static let started: Bool = {
        let running = DispatchSemaphore(value: 0)
        let thread = Thread {
            loopThread.withLock { $0 = pthread_self() }
            let loop = g_main_loop_new(nil, 0)
            // Signalled by the loop itself, once it owns the context: before that, a function
            // handed to the context could run on the thread that hands it over.
            g_idle_add(
                { data in
                    if let data { Unmanaged<DispatchSemaphore>.fromOpaque(data).takeRetainedValue().signal() }
                    return 0  // G_SOURCE_REMOVE
                }, Unmanaged.passRetained(running).toOpaque())
            g_main_loop_run(loop)
        }
        thread.name = "GLib main context"
        thread.start()
        return running.wait(timeout: .now() + 30) == .success
    }()

    /// Starts the loop, once per process; false when it did not start within 30 s.
    @discardableResult
    static func start() -> Bool {
        started
    }

    /// Whether the caller is the loop's thread.
    static var isLoopThread: Bool {
        loopThread.withLock { $0.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    /// Waits until what the loop's thread is doing now (a dispatch, a callback) has ended: a
    /// function handed to the context, at the default priority, runs after it.
    static func sync() {
        let done = DispatchSemaphore(value: 0)
        let priorityDefault: Int32 = 0  // G_PRIORITY_DEFAULT, the clocks' own
        g_main_context_invoke_full(
            nil, priorityDefault,
            { data in
                if let data { Unmanaged<DispatchSemaphore>.fromOpaque(data).takeRetainedValue().signal() }
                return 0  // G_SOURCE_REMOVE
            }, Unmanaged.passRetained(done).toOpaque(), nil)
        // Bounded: a loop that stopped running fails the waiting test instead of hanging it.
        _ = done.wait(timeout: .now() + 30)
    }
}
#endif
