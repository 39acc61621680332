import Hourglass
import TestSupport
import Testing

@testable import LineMode

/// The one run loop: the instants it runs each batch at, where `wait` and `suspend` move them,
/// batches cut after the line that makes time pass, and a clock that fails ending the run with
/// its error (never a wait for a step that cannot run).
@Suite("linemode: one stepper for scripts and live mode")
struct SessionStepperTests {
    @Test("a script's batches end at wait and suspend; each runs at the instant the script reached")
    func scriptInstants() throws {
        let clock = RecordingSessionClock()
        var cursor = ScriptCursor(
            Script(
                "# title\ntype destination 138 1234 5678\ntap send\nwait 2s\nsuspend 3s\nshow\nwait 1s\nshow\n",
                screen: .verification))
        let leading = cursor.takeLeadingComments()
        try stepper(on: clock, runsAtPresent: false).run(leading: leading) { cursor.nextBatch() }
        #expect(
            clock.calls == [
                "run 0 ms", "run 0 ms", "advance 2000 ms", "run 2000 ms", "suspend 3000 ms", "resume 5000 ms",
                "run 5000 ms", "advance 6000 ms", "run 6000 ms", "end",
            ])
        #expect(cursor.steps == 8)
    }

    @Test("the cursor cuts batches after wait and suspend, and keeps bad lines with their problem")
    func batches() {
        var cursor = ScriptCursor(Script("tap send\nwait 1s\ntapp send\nsuspend 2s\nshow\n", screen: .verification))
        var batches: [[Int]] = []
        var problems: [Int] = []
        while let batch = cursor.nextBatch() {
            batches.append(batch.compactMap { $0.echo?.number })
            problems += batch.compactMap { $0.error?.line }
        }
        #expect(batches == [[1, 2], [3, 4], [5]])
        #expect(problems == [3])
    }

    @Test("live commands run at the present: time that passed while typing is not taken back")
    func liveInstants() throws {
        let clock = RecordingSessionClock(passesWhileTyping: .milliseconds(500))
        var commands = [ScriptCommand.show, .wait(.seconds(2)), .show][...]
        try stepper(on: clock, runsAtPresent: true).run {
            commands.popFirst().map { [SessionStep(command: $0)] }
        }
        // Typing moves the clock 0.5 s after each run, so each command runs 0.5 s after the last;
        // a wait counts from its own command's instant (1 s) and ends at 3 s.
        #expect(
            clock.calls == ["run 0 ms", "run 500 ms", "run 1000 ms", "advance 3000 ms", "run 3000 ms", "end"])
    }

    @Test("a clock that fails mid-run: the run throws its error and the clock is ended")
    func failingClock() {
        let clock = RecordingSessionClock(failingAtRun: 3)
        var cursor = ScriptCursor(Script("show\nwait 1s\nshow\nwait 1s\nshow\n", screen: .verification))
        #expect(throws: RecordingSessionClock.Failure.self) {
            try stepper(on: clock, runsAtPresent: false).run { cursor.nextBatch() }
        }
        #expect(clock.calls == ["run 0 ms", "run 0 ms", "advance 1000 ms", "end"])
    }

    @Test("a step's result waits for its value, or throws at once when the clock has failed")
    func stepResult() throws {
        let ready = StepResult<Int>()
        ready.set(7)
        #expect(try ready.wait(unless: { RecordingSessionClock.Failure() }) == 7)
        let never = StepResult<Int>()
        #expect(throws: RecordingSessionClock.Failure.self) {
            try never.wait(unless: { RecordingSessionClock.Failure() })
        }
    }

    private func stepper(on clock: RecordingSessionClock, runsAtPresent: Bool) -> SessionStepper {
        let session = LineModeSession(clock: clock.clock, options: LineModeOptions(), write: { _ in })
        return SessionStepper(session: session, clock: clock, runsAtPresent: runsAtPresent)
    }
}

/// A ``SessionClock`` over a `VirtualClock` that lists what the stepper asked of it; it can
/// let time pass after each run (someone typing) and fail at a given run.
private final class RecordingSessionClock: SessionClock, @unchecked Sendable {
    // @unchecked Sendable: used from the test's thread alone (the virtual clock's context).
    struct Failure: Error {}

    private let virtual = VirtualClock()
    private let passesWhileTyping: Duration
    private let failingAtRun: Int?
    private(set) var calls: [String] = []
    private var runs = 0

    init(passesWhileTyping: Duration = .zero, failingAtRun: Int? = nil) {
        (self.passesWhileTyping, self.failingAtRun) = (passesWhileTyping, failingAtRun)
    }

    var clock: any TimerClock { virtual }

    func run<Result: Sendable>(at instant: TimerInstant, _ body: @escaping @Sendable () -> Result) throws -> Result {
        runs += 1
        if runs == failingAtRun { throw Failure() }
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

    func end() {
        calls.append("end")
    }

    private static func milliseconds(_ instant: TimerInstant) -> String {
        "\(instant.nanoseconds / 1_000_000) ms"
    }
}
