import Dispatch
import Foundation
import Hourglass
import HourglassDispatch
import HourglassLibevent

/// Live mode: commands typed at a terminal run as they are entered, while the clock runs on
/// its own thread and countdown changes print as they happen.
public enum LiveRunner: Sendable {
    /// Reads commands with `readLine` until it returns nil (end of input) or `quit`.
    /// - Throws: `TimerError` or `LibeventError` when the clock cannot be made.
    public static func run(
        options: LineModeOptions, prompt: @escaping @Sendable () -> Void, readLine: () -> String?,
        write: @escaping @Sendable (String) -> Void, report: @escaping @Sendable (ScriptError) -> Void
    ) throws {
        let base: any TimerClock
        let stop: () -> Void
        switch options.clock {
        case .virtual:
            try runVirtual(options: options, prompt: prompt, readLine: readLine, write: write, report: report)
            return
        case .dispatch:
            let clock = DispatchClock()
            (base, stop) = (clock, { clock.shutdown() })
        case .libevent:
            let clock = try LibeventClock()
            try clock.start()
            (base, stop) = (clock, { clock.stop() })
        }
        defer { stop() }
        let clock = try ScaledClock(base: base, scale: options.timeScale)
        let session = LineModeSession(clock: clock, options: options, write: write)
        onContext(clock) { session.start() }
        var number = 0
        prompt()
        while let text = readLine() {
            number += 1
            if text.trimmingCharacters(in: .whitespaces) == "quit" { break }
            let script = Script(text, screen: options.screen)
            if let error = script.errors.first {
                report(ScriptError(line: number, error.message))
            } else if let command = script.lines.first?.command {
                if case .wait(let duration) = command {
                    Thread.sleep(forTimeInterval: Double(duration.components.seconds) * options.timeScale
                        + Double(duration.components.attoseconds) / 1e18 * options.timeScale)
                } else {
                    onContext(clock) {
                        if case .suspend(let duration) = session.perform(command) {
                            Thread.sleep(forTimeInterval: Double(duration.components.seconds) * options.timeScale)
                        }
                    }
                }
            }
            prompt()
        }
    }

    /// On the virtual clock each line runs at once; `wait` and `suspend` move the clock.
    private static func runVirtual(
        options: LineModeOptions, prompt: @Sendable () -> Void, readLine: () -> String?,
        write: @escaping @Sendable (String) -> Void, report: @Sendable (ScriptError) -> Void
    ) throws {
        let clock = VirtualClock()
        let session = LineModeSession(clock: clock, options: options, write: write)
        session.start()
        var number = 0
        prompt()
        while let text = readLine() {
            number += 1
            if text.trimmingCharacters(in: .whitespaces) == "quit" { break }
            let script = Script(text, screen: options.screen)
            if let error = script.errors.first {
                report(ScriptError(line: number, error.message))
            } else if let command = script.lines.first?.command {
                switch session.perform(command) {
                case .wait(let duration): clock.advance(by: duration)
                case .suspend(let duration): clock.suspend(for: duration)
                case nil: break
                }
            }
            prompt()
        }
    }

    /// Runs `body` on the clock's context and waits for it.
    private static func onContext(_ clock: any TimerClock, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        clock.fireAndForget(at: clock.now) { _ in
            body()
            done.signal()
        }
        done.wait()
    }
}
