import Hourglass

/// How one kind of clock moves a ``LineModeSession`` through time: the per-clock half of
/// ``SessionStepper``, the one run loop of scripts and live mode.
///
/// The stepper calls it from one thread; each step's work runs on the clock's context at the
/// step's instant, after every timer due by then, so a script gives the same transcript on
/// every clock. A script runs as a chain of steps (``runScript(from:_:)``), each scheduling the
/// next from the context, so no timer due after a step's instant can run before it; typed
/// commands run one at a time (``run(at:_:)``).
protocol SessionClock: Sendable {
    /// The clock the session's view-model runs on.
    var clock: any TimerClock { get }

    /// How late, in script time, the latest callback so far started, a suspension's own delay
    /// aside: zero on the virtual clock; on a real one, how far the machine fell behind.
    var lateness: Duration { get }

    /// Runs `step` on the clock's context at `instant`, after every timer due by then, and
    /// again at the instant it continues at, until it returns nil; then, still there, cancels
    /// what is pending, so nothing runs after the script's last step. Returns when it is done.
    /// - Throws: the clock's failure when it stops running before the chain ends.
    func runScript(from instant: TimerInstant, _ step: @escaping @Sendable (TimerInstant) -> ScriptContinuation?) throws

    /// Runs `body` on the clock's context at `instant` — in a callback scheduled for it, so
    /// that what `body` starts counts from that instant — after every timer due by then, and
    /// returns what it returned. `instant` is never before the last instant passed here.
    /// - Throws: the clock's failure when it stops running before `body` could run.
    func run<Result: Sendable>(at instant: TimerInstant, _ body: @escaping @Sendable () -> Result) throws -> Result

    /// Runs every timer due by `instant`, the clock's time ending at `instant`: what `wait`
    /// does. Returns once that is done.
    /// - Throws: the clock's failure when it stops running first.
    func advance(to instant: TimerInstant) throws

    /// From inside ``run(at:_:)``'s body: the app is suspended for `duration` — nothing runs
    /// meanwhile, then every due timer runs once, late.
    func suspend(for duration: Duration)

    /// After a ``suspend(for:)`` that ended at `instant`: returns once every timer that fell due
    /// during it has run, late, as it does when a suspended app resumes.
    /// - Throws: the clock's failure when it stops running first.
    func resume(at instant: TimerInstant) throws

    /// Ends the run: what is still pending never runs, and no longer keeps what its callbacks hold.
    func shutdown()
}

/// Where a script goes on after a step: at a later instant, after a `wait` (time passes there,
/// every timer due by then running) or after a `suspend` (the step itself was suspended).
enum ScriptContinuation: Equatable, Sendable {
    case afterWait(TimerInstant)
    case afterSuspension(TimerInstant)
}
