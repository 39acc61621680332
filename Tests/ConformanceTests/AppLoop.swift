#if canImport(CGLib)
import CGLib
import Dispatch
import Foundation
import TestSupport

/// An app's own loop: a thread iterating `context` (as its thread-default) until ``stop()``.
final class AppLoop: Sendable {
    private let context: ContextPointer
    private let stopRequested = Box(false)
    private let thread = Box<pthread_t?>(nil)
    private let ended = DispatchSemaphore(value: 0)

    init(_ context: ContextPointer) {
        self.context = context
        let (stopRequested, thread, ended) = (stopRequested, thread, ended)
        let started = DispatchSemaphore(value: 0)
        Thread {
            g_main_context_push_thread_default(context.pointer)
            thread.value = pthread_self()
            started.signal()
            while !stopRequested.value { _ = g_main_context_iteration(context.pointer, 1) }
            g_main_context_pop_thread_default(context.pointer)
            ended.signal()
        }.start()
        // Bounded: a thread that never starts fails the test at stop(), not hangs it here.
        _ = started.wait(timeout: .now() + 30)
    }

    var isLoopThread: Bool { thread.value.map { pthread_equal($0, pthread_self()) != 0 } ?? false }

    /// Ends the loop; false when its thread has not ended within 30 s.
    @discardableResult
    func stop() -> Bool {
        stopRequested.value = true
        g_main_context_wakeup(context.pointer)
        return ended.wait(timeout: .now() + 30) == .success
    }
}
#endif
