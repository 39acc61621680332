import Hourglass
public import SignUp

/// Runs a ``Script`` on the chosen clock and writes its transcript.
///
/// On the virtual clock it runs as fast as the CPU allows: `wait` advances the clock.
/// On a real clock every step runs on the clock's context at its exact script instant
/// (a `ScaledClock` over the real one), after every timer due at that instant, just as on
/// the virtual clock — so the transcript is the same. Both run in `SessionStepper`.
public enum ScriptRunner: Sendable {
    /// Runs `script`; returns the problems found (already written to the transcript when
    /// `keepGoing` is set). With problems and without `keepGoing`, nothing runs.
    /// `storeProblem` hears of each failure to load or save the cooldown in
    /// ``LineModeOptions/stateDirectory`` (the screen shows it as well).
    /// - Throws: `TimerError`, `LibeventError` or `GLibError` when a real clock cannot be made,
    ///   or when its loop fails while the script runs; ``ClockStalled``, once the script has run,
    ///   when a real clock fell behind it (the transcript may then differ from the virtual clock's).
    @discardableResult
    public static func run(
        _ script: Script, options: LineModeOptions, write: @escaping @Sendable (String) -> Void,
        storeProblem: @escaping @Sendable (CooldownStoreError) -> Void = { _ in }
    ) throws -> [ScriptError] {
        try runCountingSteps(script, options: options, write: write, storeProblem: storeProblem).errors
    }

    /// Runs `script` as ``run(_:options:write:storeProblem:)`` does and returns its transcript:
    /// every line, each ended by a newline, as linemode prints it; and the problems found.
    /// - Throws: as ``run(_:options:write:storeProblem:)``; a ``ClockStalled`` carries the transcript.
    public static func transcript(
        of script: Script, options: LineModeOptions,
        storeProblem: @escaping @Sendable (CooldownStoreError) -> Void = { _ in }
    ) throws -> (transcript: String, errors: [ScriptError]) {
        let output = TranscriptBuffer()
        do {
            let errors = try run(script, options: options, write: output.append, storeProblem: storeProblem)
            return (output.text, errors)
        } catch var stall as ClockStalled {
            stall.transcript = output.text
            throw stall
        }
    }

    /// ``run(_:options:write:storeProblem:)``, also returning the lines and problems its
    /// ``ScriptCursor`` handed out: the work done, linear in the script's length.
    static func runCountingSteps(
        _ script: Script, options: LineModeOptions, write: @escaping @Sendable (String) -> Void,
        storeProblem: @escaping @Sendable (CooldownStoreError) -> Void = { _ in }
    ) throws -> (errors: [ScriptError], steps: Int) {
        guard script.errors.isEmpty || options.keepGoing else { return (script.errors, 0) }
        let clock = try SessionStepper.clock(for: options)
        let session = LineModeSession(clock: clock.clock, options: options, write: write, storeProblem: storeProblem)
        let steps = try SessionStepper(session: session, clock: clock).runScript(ScriptCursor(script))
        return (script.errors, steps)
    }
}
