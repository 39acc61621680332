import Hourglass
import RealClocks

/// The one stepper of `linemode`: a script (with or without `--keep-going`) and live mode, on
/// every clock, performing steps on a ``LineModeSession`` through a ``SessionClock``.
///
/// A script's lines come from a ``ScriptCursor`` and run as a chain on the clock's context, the
/// lines up to one that makes time pass at the instant the script has reached, after every timer
/// due by then: `wait` moves that
/// instant on, `suspend` stops the context for its duration. Each step schedules the next from
/// the context, so on a real clock no timer due after a step's instant can slip in before it,
/// and the transcript is the virtual clock's. Typed commands (``TypedCommands``) run one at a
/// time at the present, or once a `wait` has ended, the clock running meanwhile.
struct SessionStepper {
    let session: LineModeSession
    let clock: any SessionClock

    /// The clock `options` name: a ``VirtualSessionClock``, or a real clock started in the
    /// background at `options.timeScale`.
    /// - Throws: `TimerError` for a bad time scale; `LibeventError` when libevent cannot run.
    static func clock(for options: LineModeOptions) throws -> any SessionClock {
        guard let kind = options.clock.realClockKind else { return VirtualSessionClock() }
        return try RealSessionClock(RealClock(kind), scale: options.timeScale)
    }

    /// Runs a script from its cursor: its leading comments and the screen at instant zero,
    /// then every line. Returns the lines and problems the cursor handed out.
    /// - Throws: the clock's failure when it stops running before the script ends;
    ///   ``ClockStalled``, after the script ran, when the clock fell behind by a tick.
    func runScript(_ cursor: ScriptCursor) throws -> Int {
        defer { clock.shutdown() }
        let script = ScriptSteps(cursor)
        try clock.runScript(from: .zero) { [session, clock] instant in
            script.step(at: instant, in: session, on: clock)
        }
        let lateness = clock.lateness
        if lateness >= ClockStalled.threshold {
            throw ClockStalled(lateness: lateness, timeScale: session.options.timeScale)
        }
        return script.cursor.steps
    }

    /// Live mode: shows the screen, then runs every command `next` gives until it returns nil,
    /// each at the present, or when the last `wait` ends if that is later; then ends the clock.
    /// - Throws: the clock's failure when it stops running first.
    func runTyped(next: () -> SessionStep?) throws {
        defer { clock.shutdown() }
        var instant = clock.clock.now
        try clock.run(at: instant) { [session] in session.start() }
        while let step = next() {
            instant = max(instant, clock.clock.now)
            let pause = try clock.run(at: instant) { [session, clock] in
                Self.perform(step, in: session, on: clock)
            }
            switch pause {
            case .wait(let duration):
                instant = instant + max(duration, .zero)
                try clock.advance(to: instant)
            case .suspend(let duration):
                instant = instant + max(duration, .zero)
                try clock.resume(at: instant)
            case nil:
                break
            }
        }
    }

    /// Runs one step on the clock's context, a `suspend` stopping it there; returns its pause.
    static func perform(
        _ step: SessionStep, in session: LineModeSession, on clock: any SessionClock
    ) -> LineModeSession.Pause? {
        if let line = step.echo { session.echo(line) }
        if let error = step.error { session.report(error) }
        guard let command = step.command, let pause = session.perform(command) else { return nil }
        if case .suspend(let duration) = pause { clock.suspend(for: duration) }
        return pause
    }
}
