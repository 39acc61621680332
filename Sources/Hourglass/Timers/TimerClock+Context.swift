extension TimerClock {
    /// Whether the caller runs inside one of this clock's callbacks, on its thread: the answer
    /// of a clock that knows no more about its context. `DispatchClock` also answers on its
    /// queue, `LibeventClock` on its loop thread, `GLibClock` on the thread that owns its GLib
    /// context, `VirtualClock` between advances.
    public var isOnContext: Bool { timerQueue.isFiringOnCurrentThread }

    /// Runs `body` once on the clock's context, as a one-shot at ``logicalNow``: after the
    /// timers already due by then, never inside the caller.
    ///
    /// This is how work from elsewhere — a reply on a network queue, a task that finished —
    /// is handed to the context. On `VirtualClock` it is a timer at the current virtual
    /// instant, so it runs, deterministically, in the next (or the current) advance.
    public func perform(_ body: @escaping @Sendable () -> Void) {
        enqueue(at: logicalNow) { _ in body() }
    }
}

extension TimerQueue {
    /// Whether the calling thread is running one of this queue's callbacks now.
    var isFiringOnCurrentThread: Bool {
        lock.withLock { firing?.thread.isCurrent ?? false }
    }
}
