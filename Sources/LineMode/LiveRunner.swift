import Dispatch
import Foundation
import Hourglass
public import SignUp

/// Live mode: commands typed at a terminal run as they are entered; on a real clock the
/// clock runs on its own thread, so countdown changes print (or redraw the panel) as they
/// happen.
public enum LiveRunner: Sendable {
    /// Reads commands with `readLine` until it returns nil (end of input) or `quit`.
    /// `storeProblem` hears of each failure to load or save the cooldown in the state directory.
    /// - Throws: `TimerError` or `LibeventError` when the clock cannot be made.
    public static func run(
        options: LineModeOptions, prompt: @escaping @Sendable () -> Void, readLine: () -> String?,
        write: @escaping @Sendable (String) -> Void, report: @escaping @Sendable (ScriptError) -> Void,
        storeProblem: @escaping @Sendable (CooldownStoreError) -> Void = { _ in }
    ) throws {
        try run(
            options: options, prompt: prompt, readLine: readLine, write: write, report: report, panel: nil,
            storeProblem: storeProblem)
    }

    /// As the public `run`, the session showing the screen on `panel` too when given.
    static func run(
        options: LineModeOptions, prompt: @escaping @Sendable () -> Void, readLine: () -> String?,
        write: @escaping @Sendable (String) -> Void, report: @escaping @Sendable (ScriptError) -> Void,
        panel: PanelTerminal?, storeProblem: @escaping @Sendable (CooldownStoreError) -> Void
    ) throws {
        let base: any TimerClock
        let stop: () -> Void
        switch options.clock {
        case .virtual:
            // Each line runs at once; `wait` and `suspend` move the clock.
            let clock = VirtualClock()
            let session = LineModeSession(
                clock: clock, options: options, write: write, panel: panel, storeProblem: storeProblem)
            session.start()
            readCommands(screen: options, prompt: prompt, readLine: readLine, report: report) { command in
                switch session.perform(command) {
                case .wait(let duration): clock.advance(by: duration)
                case .suspend(let duration): clock.suspend(for: duration)
                case nil: break
                }
            }
            return
        case .dispatch, .libevent:
            guard let real = try RealClock(options.clock) else { return }
            try real.start()
            (base, stop) = (real.clock, { real.end() })
        }
        defer { stop() }
        let clock = try ScaledClock(base: base, scale: options.timeScale)
        let session = LineModeSession(
            clock: clock, options: options, write: write, panel: panel, storeProblem: storeProblem)
        onContext(clock) { session.start() }
        readCommands(screen: options, prompt: prompt, readLine: readLine, report: report) { command in
            // `wait` lets the clock run while this thread sleeps; the rest runs on the context,
            // where `suspend` blocks it as a stopped process would be.
            if case .wait(let duration) = command {
                return Thread.sleep(forTimeInterval: duration.seconds * options.timeScale)
            }
            onContext(clock) {
                if case .suspend(let duration) = session.perform(command) {
                    Thread.sleep(forTimeInterval: duration.seconds * options.timeScale)
                }
            }
        }
    }

    /// Prompts, reads and parses lines, reporting bad ones with their number, until the end
    /// of input or `quit`; passes each command to `perform`.
    private static func readCommands(
        screen options: LineModeOptions, prompt: () -> Void, readLine: () -> String?,
        report: (ScriptError) -> Void, perform: (ScriptCommand) -> Void
    ) {
        var number = 0
        prompt()
        while let text = readLine(), text.trimmingCharacters(in: .whitespaces) != "quit" {
            number += 1
            let script = Script(text, screen: options.screen)
            if let error = script.errors.first {
                report(ScriptError(line: number, error.message))
            } else if let command = script.lines.first?.command {
                perform(command)
            }
            prompt()
        }
    }

    /// Runs `body` on the clock's context and waits for it.
    private static func onContext(_ clock: any TimerClock, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        clock.enqueue(at: clock.now) { _ in
            body()
            done.signal()
        }
        done.wait()
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
