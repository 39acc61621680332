import Hourglass

/// The one run loop of `linemode`: a script (with or without `--keep-going`) and live mode,
/// on every clock.
///
/// It takes steps from a source — a script's lines (``ScriptCursor``) or commands as they are
/// typed (``TypedCommands``) — and hands each to its ``SessionClock``, which runs it on the
/// clock's context at its instant after every timer due by then. `wait` moves that instant on
/// and advances the clock to it; `suspend` stops the context for its duration. Script steps
/// run at the instant the script has reached; live commands at the present, or later when a
/// `wait` has not ended yet.
struct SessionStepper {
    let session: LineModeSession
    let clock: any SessionClock
    /// Live mode: a command runs when it is typed, not at the instant the script reached.
    let runsAtPresent: Bool

    /// The clock `options` name: a ``VirtualSessionClock``, or a real clock started in the
    /// background at `options.timeScale`.
    /// - Throws: `TimerError` for a bad time scale; `LibeventError` when libevent cannot run.
    static func clock(for options: LineModeOptions) throws -> any SessionClock {
        guard let real = try RealClock(options.clock) else { return VirtualSessionClock() }
        return try RealSessionClock(real, scale: options.timeScale)
    }

    /// Shows the screen after echoing `leading` (a script's title comments), then runs every
    /// batch `next` gives until it returns nil, then ends the clock.
    /// - Throws: the clock's failure when it stops running before the run ends.
    func run(leading: ArraySlice<Script.Line> = [], next: () -> [SessionStep]?) throws {
        defer { clock.end() }
        var instant = TimerInstant.zero
        let leadingLines = Array(leading)
        try clock.run(at: instant) { [session] in
            for line in leadingLines { session.echo(line) }
            session.start()
        }
        while let batch = next() {
            if runsAtPresent { instant = max(instant, clock.clock.now) }
            let pause = try clock.run(at: instant) { [session, clock] in
                Self.perform(batch, in: session, on: clock)
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

    /// Runs a batch's steps in order, on the clock's context; a `suspend` stops it there.
    /// Returns the pause the batch ends with.
    private static func perform(
        _ batch: [SessionStep], in session: LineModeSession, on clock: any SessionClock
    ) -> LineModeSession.Pause? {
        for step in batch {
            if let line = step.echo { session.echo(line) }
            if let error = step.error { session.report(error) }
            guard let command = step.command, let pause = session.perform(command) else { continue }
            if case .suspend(let duration) = pause { clock.suspend(for: duration) }
            return pause
        }
        return nil
    }
}

/// One line's work in a run: what the transcript shows for it, and the command to perform.
struct SessionStep: Sendable {
    /// The script line, echoed into the transcript (nil in live mode, where it was typed).
    var echo: Script.Line?
    /// Its problem, written into the transcript (`--keep-going`).
    var error: ScriptError?
    /// What to perform; nil for a blank, comment or bad line.
    var command: ScriptCommand?
}
