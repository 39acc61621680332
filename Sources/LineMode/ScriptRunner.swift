import Dispatch
import Foundation
import Hourglass
public import SignUp

/// Runs a ``Script`` on the chosen clock and writes its transcript.
///
/// On the virtual clock it runs as fast as the CPU allows: `wait` advances the clock.
/// On a real clock every step runs on the clock's context at its exact script instant
/// (a `ScaledClock` over the real one), after every timer due at that instant, just as on
/// the virtual clock — so the transcript is the same.
public enum ScriptRunner: Sendable {
    /// Runs `script`; returns the problems found (already written to the transcript when
    /// `keepGoing` is set). With problems and without `keepGoing`, nothing runs.
    /// `storeProblem` hears of each failure to load or save the cooldown in
    /// ``LineModeOptions/stateDirectory`` (the screen shows it as well).
    /// - Throws: `TimerError` or `LibeventError` when a real clock cannot be made.
    @discardableResult
    public static func run(
        _ script: Script, options: LineModeOptions, write: @escaping @Sendable (String) -> Void,
        storeProblem: @escaping @Sendable (CooldownStoreError) -> Void = { _ in }
    ) throws -> [ScriptError] {
        try runCountingSteps(script, options: options, write: write, storeProblem: storeProblem).errors
    }

    /// ``run(_:options:write:storeProblem:)``, also returning the lines and problems its
    /// ``ScriptCursor`` handed out: the work done, linear in the script's length.
    static func runCountingSteps(
        _ script: Script, options: LineModeOptions, write: @escaping @Sendable (String) -> Void,
        storeProblem: @escaping @Sendable (CooldownStoreError) -> Void = { _ in }
    ) throws -> (errors: [ScriptError], steps: Int) {
        guard script.errors.isEmpty || options.keepGoing else { return (script.errors, 0) }
        switch options.clock {
        case .virtual:
            let steps = runVirtual(script, options: options, write: write, storeProblem: storeProblem)
            return (script.errors, steps)
        case .dispatch, .libevent:
            guard let real = try RealClock(options.clock) else { return (script.errors, 0) }
            let steps = try runReal(script, on: real.clock, options: options, write: write, storeProblem: storeProblem)
            {
                real.finish()
            }
            try real.runUntilFinished()
            return (script.errors, steps.count)
        }
    }

    private static func runVirtual(
        _ script: Script, options: LineModeOptions, write: @escaping @Sendable (String) -> Void,
        storeProblem: @escaping @Sendable (CooldownStoreError) -> Void
    ) -> Int {
        let clock = VirtualClock()
        let session = LineModeSession(clock: clock, options: options, write: write, storeProblem: storeProblem)
        var cursor = ScriptCursor(script)
        for line in cursor.takeLeadingComments() { session.echo(line) }
        session.start()
        while let (line, error) = cursor.next() {
            session.echo(line)
            if let error { session.report(error) }
            guard let command = line.command else { continue }
            switch session.perform(command) {
            case .wait(let duration): clock.advance(by: duration)
            case .suspend(let duration): clock.suspend(for: duration)
            case nil: break
            }
        }
        // The script is over: what is still pending will never run, and must not keep the
        // objects its callbacks hold alive.
        clock.timerQueue.cancelAll()
        return cursor.steps
    }

    private static func runReal(
        _ script: Script, on base: any TimerClock, options: LineModeOptions,
        write: @escaping @Sendable (String) -> Void, storeProblem: @escaping @Sendable (CooldownStoreError) -> Void,
        finish: @escaping @Sendable () -> Void
    ) throws -> RealClockSteps {
        let clock = try ScaledClock(base: base, scale: options.timeScale)
        let steps = RealClockSteps(
            script: script, clock: clock, options: options, write: write, storeProblem: storeProblem, finish: finish)
        clock.enqueue(at: .zero) { _ in steps.begin() }
        return steps
    }
}

/// The script's steps on a real clock: each step runs on the clock's context, then asks to
/// be continued at the next instant the script names.
final class RealClockSteps: @unchecked Sendable {
    // @unchecked Sendable: `session` and `cursor` are used only on the clock's serial context,
    // and `count` is read only after `finish` has run there (the runner waits for it).
    private let clock: ScaledClock
    private let options: LineModeOptions
    private let write: @Sendable (String) -> Void
    private let storeProblem: @Sendable (CooldownStoreError) -> Void
    private let finish: @Sendable () -> Void
    private var session: LineModeSession?
    private var cursor: ScriptCursor
    /// The cursor's steps, once the script has finished.
    private(set) var count = 0

    init(
        script: Script, clock: ScaledClock, options: LineModeOptions, write: @escaping @Sendable (String) -> Void,
        storeProblem: @escaping @Sendable (CooldownStoreError) -> Void, finish: @escaping @Sendable () -> Void
    ) {
        (self.clock, self.options, self.write, self.finish) = (clock, options, write, finish)
        cursor = ScriptCursor(script)
        self.storeProblem = storeProblem
    }

    func begin() {
        let session = LineModeSession(clock: clock, options: options, write: write, storeProblem: storeProblem)
        self.session = session
        for line in cursor.takeLeadingComments() { session.echo(line) }
        session.start()
        step(at: .zero)
    }

    /// Runs lines until one makes time pass; then continues at the instant it names.
    private func step(at instant: TimerInstant) {
        guard let session else { return }
        while let (line, error) = cursor.next() {
            session.echo(line)
            if let error { session.report(error) }
            guard let command = line.command else { continue }
            switch session.perform(command) {
            case .wait(let duration):
                continueAt(instant + duration)
                return
            case .suspend(let duration):
                // The context is blocked, as a stopped process would be: nothing runs meanwhile.
                Thread.sleep(forTimeInterval: duration.seconds * clock.scale)
                continueAt(instant + duration)
                return
            case nil:
                break
            }
        }
        self.session = nil
        count = cursor.steps
        finish()
    }

    /// Continues at `instant`, after every other timer due by then — as `advance(to:)` does.
    private func continueAt(_ instant: TimerInstant) {
        clock.enqueue(at: instant) { [self] _ in
            if let due = clock.timerQueue.nextDeadline, due <= instant {
                continueAt(instant)
            } else {
                step(at: instant)
            }
        }
    }

}
