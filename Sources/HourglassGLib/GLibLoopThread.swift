#if canImport(CGLib)
import CGLib
import Foundation
import Hourglass

/// The thread that iterates a ``GLibClock``'s own `GMainContext`, from the clock's creation
/// until it shuts down. The context is the thread's default while it runs (so GLib's async
/// calls made in a callback come back there), and the thread owns it throughout.
final class GLibLoopThread: @unchecked Sendable {
    // @unchecked Sendable: `context` is a C pointer, a let referenced until deinit, and GLib's
    // main-context calls made on it from other threads (wakeup, is_owner) are thread-safe.
    private let context: OpaquePointer
    private let stopRequested = Locked(false)
    /// Signalled (and passed on by each waiter) once the loop has ended.
    private let ended = DispatchSemaphore(value: 0)

    /// Starts a thread iterating `context` (referenced until this object is freed).
    /// - Throws: `pthread_create` failing (`EAGAIN`: no thread could be made).
    init(iterating context: OpaquePointer) throws(GLibError) {
        self.context = g_main_context_ref(context)
        let argument = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let code = pthread_create(
            &thread, nil,
            { argument in
                guard let argument else { return nil }
                Unmanaged<GLibLoopThread>.fromOpaque(argument).takeRetainedValue().run()
                return nil
            }, argument)
        guard code == 0 else {
            Unmanaged<GLibLoopThread>.fromOpaque(argument).release()
            throw .systemCall(name: "pthread_create", errno: code)
        }
        // Nothing joins it: `stop()` waits for `ended`, and the thread keeps this object alive.
        pthread_detach(thread)
    }

    deinit {
        g_main_context_unref(context)
    }

    private func run() {
        // Pushing the context also acquires it: the thread owns it until the pop.
        g_main_context_push_thread_default(context)
        Thread.current.name = "Hourglass.GLib"
        while !stopRequested.withLock({ $0 }) {
            _ = g_main_context_iteration(context, 1)
        }
        g_main_context_pop_thread_default(context)
        ended.signal()
    }

    /// Ends the loop, and waits until it has ended — except when called on the loop's own
    /// thread (from a callback), where the loop ends as soon as the callback returns.
    func stop() {
        stopRequested.withLock { $0 = true }
        // Wakes the iteration blocked in its poll, or makes the next one return at once.
        g_main_context_wakeup(context)
        guard g_main_context_is_owner(context) == 0 else { return }
        ended.wait()
        ended.signal()
    }
}
#endif
