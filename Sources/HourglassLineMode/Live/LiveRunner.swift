import Hourglass
import SignUp

/// Live mode: commands typed at a terminal run as they are entered, in `SessionStepper`
/// as a script's lines do; on a real clock the clock runs in the background, so countdown
/// changes print (or redraw the panel) as they happen, also while a command is being typed.
enum LiveRunner: Sendable {
    /// Reads commands with `readLine` until it returns nil (end of input) or `quit`.
    /// `storeProblem` hears of each failure to load or save the cooldown in the state directory.
    /// - Throws: `TimerError` or `LibeventError` when the clock cannot be made, or when its
    ///   loop fails while commands run.
    static func run(
        options: LineModeOptions, prompt: @escaping @Sendable () -> Void, readLine: () -> String?,
        write: @escaping @Sendable (String) -> Void, report: @escaping @Sendable (ScriptError) -> Void,
        storeProblem: @escaping @Sendable (CooldownStoreError) -> Void = { _ in }
    ) throws {
        try run(
            options: options, prompt: prompt, readLine: readLine, write: write, report: report, panel: nil,
            storeProblem: storeProblem)
    }

    /// As `run` above, the session showing the screen on `panel` too when given.
    static func run(
        options: LineModeOptions, prompt: @escaping @Sendable () -> Void, readLine: () -> String?,
        write: @escaping @Sendable (String) -> Void, report: @escaping @Sendable (ScriptError) -> Void,
        panel: PanelTerminal?, storeProblem: @escaping @Sendable (CooldownStoreError) -> Void
    ) throws {
        let clock = try SessionStepper.clock(for: options)
        let session = LineModeSession(
            clock: clock.clock, options: options, write: write, panel: panel, storeProblem: storeProblem)
        try withoutActuallyEscaping(readLine) { readLine in
            var commands = TypedCommands(
                screen: options.screen, secrets: options.secrets, region: options.region, prompt: prompt,
                readLine: readLine, report: report)
            try SessionStepper(session: session, clock: clock).runTyped { commands.next() }
        }
    }
}
