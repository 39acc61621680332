// The hot entry points (these, and `oneShot(after:)`) are @inlinable: specialized in the
// caller for a concrete clock, they read its `timerQueue` directly instead of through the
// protocol witness, which retains and releases the queue on every call.
extension TimerClock {
    /// A one-shot with no handle object: "run after N seconds" whether or not anybody keeps
    /// anything (GCD's `dispatch_after`), and what to use for very many timers (a timeout per
    /// request, say). It costs no allocation beyond the slab entry, and the caller keeps an
    /// 8-byte ``TimerID`` instead of a ``TimerHandle``.
    ///
    /// Unlike a handle, dropping the ID does not cancel the timer: it runs unless
    /// ``cancel(_:)`` is called with the ID first. Once it has run or been cancelled the ID
    /// names nothing any more; ``cancel(_:)`` with it is then a no-op.
    /// - Parameters:
    ///   - delay: how long from now until it fires; must not be negative.
    ///   - leeway: how late it may fire so that the clock can wake once for several timers.
    ///   - action: runs on the clock's context.
    @inlinable @discardableResult
    public func schedule(
        after delay: Duration, leeway: Duration = .zero, _ action: @escaping @Sendable (TimerFire) -> Void
    ) throws(TimerError) -> TimerID {
        try timerQueue.addOneShot(
            delay: TimerArguments.delay(delay), leeway: TimerArguments.leeway(leeway),
            start: true, hasHandle: false, handler: .action(action))
    }

    /// A one-shot with no handle object, due at `deadline` (at the next run of due timers, in
    /// deadline order, if it has passed); see ``schedule(after:leeway:_:)``. Its
    /// ``TimerFire/scheduled`` is exactly `deadline`. Scheduling for an instant does not read
    /// the clock, so timers computed from one reading of ``now`` are added at heap cost alone.
    @inlinable @discardableResult
    public func schedule(
        at deadline: TimerInstant, leeway: Duration = .zero, _ action: @escaping @Sendable (TimerFire) -> Void
    ) throws(TimerError) -> TimerID {
        try timerQueue.addOneShot(
            deadline: deadline.nanoseconds, leeway: TimerArguments.leeway(leeway),
            hasHandle: false, handler: .action(action))
    }

    /// Cancels the timer `id` names: its callback does not start again. Idempotent, safe from
    /// any thread and from inside any callback; a no-op once the timer is done.
    @inlinable
    public func cancel(_ id: TimerID) {
        timerQueue.cancel(id)
    }

    /// Whether the timer `id` names is still to run (idle, running or paused).
    public func isPending(_ id: TimerID) -> Bool {
        !timerQueue.state(of: id).isTerminal
    }
}
