import Hourglass

/// ``SessionClock`` on a ``VirtualClock``: the stepper's thread is the clock's context, so a
/// step runs at once, and `wait` and `suspend` move the clock as fast as the CPU allows.
struct VirtualSessionClock: SessionClock {
    let virtual = VirtualClock()

    var clock: any TimerClock { virtual }

    /// The virtual clock runs every timer at its instant.
    var lateness: Duration { .zero }

    /// The steps run on this thread, in turn; a `wait` advances the clock between two of them.
    func runScript(from instant: TimerInstant, _ step: @escaping @Sendable (TimerInstant) -> ScriptContinuation?) {
        var instant = instant
        while let continuation = step(instant) {
            switch continuation {
            case .afterWait(let next):
                virtual.advance(to: next)
                instant = next
            case .afterSuspension(let next):
                instant = next
            }
        }
        virtual.timerQueue.cancelAll()
    }

    /// Time moves only in ``advance(to:)`` and ``suspend(for:)``, so the clock is at `instant`
    /// already: `body` runs now, on this thread. Timers handed over at this instant (a reply
    /// through `perform`) run at the next `wait`.
    func run<Result: Sendable>(at instant: TimerInstant, _ body: @escaping @Sendable () -> Result) -> Result {
        body()
    }

    func advance(to instant: TimerInstant) {
        virtual.advance(to: instant)
    }

    func suspend(for duration: Duration) {
        virtual.suspend(for: duration)
    }

    /// The suspension ran every due timer already.
    func resume(at instant: TimerInstant) {}

    func shutdown() {
        virtual.timerQueue.cancelAll()
    }
}
