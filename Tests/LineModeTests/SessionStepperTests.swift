import Hourglass
import TestSupport
import Testing

@testable import HourglassLineMode

/// The one stepper: the instants its steps run at, where `wait` and `suspend` move them, steps
/// ending with the line that makes time pass, and a clock that fails ending the run with
/// its error (never a wait for a step that cannot run).
@Suite("linemode: one stepper for scripts and live mode")
struct SessionStepperTests {
    @Test("a script runs as a chain of steps, each at the instant the script reached, up to a wait or a suspend")
    func scriptInstants() throws {
        let clock = RecordingSessionClock()
        let cursor = ScriptCursor(
            Script(
                "# title\ntype destination +86 138 1234 5678\ntap send\nwait 2s\nsuspend 3s\nshow\nwait 1s\nshow\n",
                screen: .verification))
        let steps = try stepper(on: clock).runScript(cursor)
        #expect(
            clock.calls == [
                "step 0 ms", "advance 2000 ms", "step 2000 ms", "suspend 3000 ms", "step 5000 ms", "advance 6000 ms",
                "step 6000 ms", "cancel pending", "end",
            ])
        #expect(steps == 8)
    }

    @Test("live commands run at the present: time that passed while typing is not taken back")
    func liveInstants() throws {
        let clock = RecordingSessionClock(passesWhileTyping: .milliseconds(500))
        var commands = [ScriptCommand.show, .wait(.seconds(2)), .show][...]
        try stepper(on: clock).runTyped {
            commands.popFirst().map { SessionStep(command: $0) }
        }
        // Typing moves the clock 0.5 s after each run, so each command runs 0.5 s after the last;
        // a wait counts from its own command's instant (1 s) and ends at 3 s.
        #expect(
            clock.calls == ["run 0 ms", "run 500 ms", "run 1000 ms", "advance 3000 ms", "run 3000 ms", "end"])
    }

    @Test("a clock that fails mid-script: the run throws its error and the clock is ended")
    func failingClock() {
        let clock = RecordingSessionClock(failingAtStep: 2)
        let cursor = ScriptCursor(Script("show\nwait 1s\nshow\nwait 1s\nshow\n", screen: .verification))
        #expect(throws: RecordingSessionClock.Failure.self) {
            _ = try stepper(on: clock).runScript(cursor)
        }
        #expect(clock.calls == ["step 0 ms", "advance 1000 ms", "end"])
    }

    #if os(Linux)
    static let realClocks: [ClockChoice] = [.dispatch, .libevent, .glib]
    #else
    static let realClocks: [ClockChoice] = [.dispatch]
    #endif

    @Test(
        "on a real clock, what the last step hands over runs no more than on the virtual clock, and a timer due just after a step's instant never runs before it",
        arguments: realClocks)
    func nothingAfterTheLastStep(clock: ClockChoice) throws {
        // The reply of `tap send` is due at the same instant (latency 0), or 10 ms of script time
        // after `wait 290ms` (0.1 ms of real time): the chain of steps leaves no gap for either.
        let scripts = [
            "type destination +86 138 1234 5678\nserver latency 0s\ntap send\n",
            "type destination +86 138 1234 5678\ntap send\nwait 290ms\nshow\nwait 1s\n",
        ]
        for text in scripts {
            let script = Script(text, screen: .verification)
            var expected = LineModeOptions()
            expected.clock = .virtual
            let virtual = Locked("")
            #expect(script.errors.isEmpty)
            try ScriptRunner.run(script, options: expected) { line in virtual.withLock { $0 += line + "\n" } }
            #expect(virtual.withLock { $0.contains("send: [Sending…] (disabled)") })
            for _ in 0..<5 {
                // A run that fell behind says so, and runs again slower; one that did not must match.
                var (scale, stalls) = (0.01, [ClockStalled]())
                while stalls.count < 3 {
                    var options = LineModeOptions()
                    (options.clock, options.timeScale) = (clock, scale)
                    do {
                        let real = try ScriptRunner.transcript(of: script, options: options).transcript
                        #expect(real == virtual.withLock { $0 })
                        break
                    } catch let stall as ClockStalled {
                        if stall.transcript == virtual.withLock({ $0 }) { break }
                        stalls.append(stall)
                        scale *= 4
                    }
                }
                #expect(stalls.count < 3, "stalled at every scale tried: \(stalls)")
            }
        }
    }

    @Test("a step's result waits for its value, or for the clock's shutdown: then it throws the clock's failure")
    func stepResult() throws {
        let ready = StepResult<Int>()
        ready.set(7)
        ready.clockShutDown()
        #expect(try ready.wait(unless: { RecordingSessionClock.Failure() }) == 7)
        let failed = StepResult<Int>()
        failed.clockShutDown()
        #expect(throws: RecordingSessionClock.Failure.self) {
            try failed.wait(unless: { RecordingSessionClock.Failure() })
        }
        let shutDown = StepResult<Int>()
        shutDown.clockShutDown()
        #expect(throws: CancellationError.self) { try shutDown.wait(unless: { nil }) }
    }

    @Test("a clock that fell behind by a tick or more ends the script with ClockStalled; less is on time")
    func stall() throws {
        let script = Script("type destination +86 138 1234 5678\ntap send\nwait 2s\n", screen: .verification)
        let onTime = RecordingSessionClock(lateness: .milliseconds(999))
        #expect(try stepper(on: onTime).runScript(ScriptCursor(script)) == 3)
        let behind = RecordingSessionClock(lateness: .milliseconds(1_000))
        let stall = #expect(throws: ClockStalled.self) { try stepper(on: behind).runScript(ScriptCursor(script)) }
        #expect(stall?.lateness == .seconds(1))
        // The whole script ran first, and the clock was shut down.
        #expect(behind.calls.last == "end")
        #expect(behind.calls.contains("step 2000 ms"))
        #expect(
            stall?.description
                == "the clock fell behind: a timer started 1.000 s of script time late (a tick or more) at "
                + "--time-scale 1.0, so the transcript may differ from the virtual clock's; run it again with a "
                + "larger --time-scale")
    }

    private func stepper(on clock: RecordingSessionClock) -> SessionStepper {
        let session = LineModeSession(clock: clock.clock, options: LineModeOptions(), write: { _ in })
        return SessionStepper(session: session, clock: clock)
    }
}

/// A ``SessionClock`` over a `VirtualClock` that lists what the stepper asked of it; it can
/// let time pass after each run (someone typing) and fail at a given step of a script.
private final class RecordingSessionClock: SessionClock, @unchecked Sendable {
    // @unchecked Sendable: used from the test's thread alone (the virtual clock's context).
    struct Failure: Error {}

    private let virtual = VirtualClock()
    private let passesWhileTyping: Duration
    private let failingAtStep: Int?
    private(set) var calls: [String] = []
    /// How late it says its latest callback started.
    let lateness: Duration

    init(passesWhileTyping: Duration = .zero, failingAtStep: Int? = nil, lateness: Duration = .zero) {
        (self.passesWhileTyping, self.failingAtStep, self.lateness) = (passesWhileTyping, failingAtStep, lateness)
    }

    var clock: any TimerClock { virtual }

    func runScript(from instant: TimerInstant, _ step: @escaping @Sendable (TimerInstant) -> ScriptContinuation?) throws
    {
        var (instant, steps) = (instant, 0)
        while true {
            steps += 1
            if steps == failingAtStep { throw Failure() }
            calls.append("step \(Self.milliseconds(instant))")
            switch step(instant) {
            case .afterWait(let next):
                advance(to: next)
                instant = next
            case .afterSuspension(let next):
                instant = next
            case nil:
                calls.append("cancel pending")
                return
            }
        }
    }

    func run<Result: Sendable>(at instant: TimerInstant, _ body: @escaping @Sendable () -> Result) throws -> Result {
        calls.append("run \(Self.milliseconds(instant))")
        let result = body()
        virtual.advance(by: passesWhileTyping)
        return result
    }

    func advance(to instant: TimerInstant) {
        calls.append("advance \(Self.milliseconds(instant))")
        virtual.advance(to: instant)
    }

    func suspend(for duration: Duration) {
        calls.append("suspend \(Self.milliseconds(.zero + duration))")
        virtual.suspend(for: duration)
    }

    func resume(at instant: TimerInstant) {
        calls.append("resume \(Self.milliseconds(instant))")
    }

    func shutdown() {
        calls.append("end")
    }

    private static func milliseconds(_ instant: TimerInstant) -> String {
        "\(instant.nanoseconds / 1_000_000) ms"
    }
}
