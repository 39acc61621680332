import Hourglass
import HourglassTesting
import TestSupport
import Testing

/// A screen built on the core alone, as an app team would write one: a sign-in button locked
/// for 30 s after three wrong passwords, with its countdown.
final class LockOutModel: @unchecked Sendable {
    // @unchecked Sendable: `failures` and `lockOut` are only touched on the virtual clock's
    // context (the test's thread, which also advances it).
    struct Screen: Equatable {
        var failures: Int
        var secondsLeft: Int64?
        var lines: [String] {
            let button = secondsLeft.map { "sign-in: [Try again in \($0)s] (disabled)" } ?? "sign-in: [Sign in]"
            return [button] + (failures > 0 ? ["message: \(failures) wrong password(s)"] : [])
        }
    }

    private let clock: VirtualClock
    private let onChange: (Screen) -> Void
    private var failures = 0
    private var lockOut: (handle: TimerHandle, left: Int64)?

    init(clock: VirtualClock, onChange: @escaping (Screen) -> Void) {
        (self.clock, self.onChange) = (clock, onChange)
    }

    var screen: Screen { Screen(failures: failures, secondsLeft: lockOut?.left) }

    func wrongPassword() {
        guard lockOut == nil else { return }
        failures += 1
        if failures == 3 {
            let handle = try? clock.countdown(for: .seconds(30)) { [self] tick in
                lockOut?.left = tick.remainingSeconds
                onChange(screen)
            } onFinish: { [self] in
                (lockOut, failures) = (nil, 0)
                onChange(screen)
            }
            lockOut = handle.map { ($0, 30) }
        }
        onChange(screen)
    }
}

@Suite("TranscriptRecorder: a screen's changes, stamped with clock time")
struct TranscriptRecorderTests {
    @Test("a lock-out countdown on a screen of the app's own, recorded as linemode prints it")
    func lockOut() {
        let clock = VirtualClock()
        let recorder = TranscriptRecorder(clock: clock)
        let model = LockOutModel(clock: clock) { recorder.screenChanged($0.lines) }
        recorder.screenChanged(model.screen.lines)
        for _ in 1...3 {
            recorder.append("wrong password")
            model.wrongPassword()
        }
        recorder.append("wait 2s")
        clock.advance(by: .seconds(2))
        recorder.append("wait 28s")
        clock.advance(by: .seconds(28))
        assertTranscript(
            recorder.transcript,
            equals: """
                [   0.000] sign-in: [Sign in]
                wrong password
                [   0.000] message: 1 wrong password(s)
                wrong password
                [   0.000] message: 2 wrong password(s)
                wrong password
                [   0.000] sign-in: [Try again in 30s] (disabled)
                [   0.000] message: 3 wrong password(s)
                wait 2s
                [   1.000] sign-in: [Try again in 29s] (disabled)
                [   2.000] sign-in: [Try again in 28s] (disabled)
                wait 28s
                """ + "\n"
                    + (3...30).map {
                        "[  \($0 < 10 ? " " : "")\($0).000] sign-in: [Try again in \(30 - $0)s] (disabled)\n"
                    }.joined()
                    + "[  30.000] sign-in: [Sign in]\n[  30.000] message: —\n")
        #expect(clock.pendingTimers.isEmpty)
    }

    @Test("show writes every line; announcements and notes; a sink gets the lines as they come")
    func showAnnounceSink() {
        let clock = VirtualClock()
        let sink = Locked<[String]>([])
        let recorder = TranscriptRecorder(clock: clock) { line in sink.withLock { $0.append(line) } }
        recorder.screenChanged(["a: 1", "b: 2"])
        clock.advance(by: .milliseconds(1_250))
        recorder.screenChanged(["a: 1", "b: 3"])
        recorder.show(["a: 1", "b: 3"])
        recorder.announce("Code sent")
        recorder.append("# a note")
        #expect(
            sink.withLock { $0 } == [
                "[   0.000] a: 1", "[   0.000] b: 2", "[   1.250] b: 3", "[   1.250] a: 1", "[   1.250] b: 3",
                "[   1.250] announce: Code sent", "# a note",
            ])
        #expect(recorder.lines == [])
    }

    @Test(
        "stamps: to the millisecond, right-aligned, and at the ends of the range",
        arguments: [
            (0, "[   0.000] "), (1_999_000_000, "[   1.999] "), (86_400_000_000_000, "[86400.000] "),
            (-1_500_000_000, "[  -1.500] "), (Int64.max, "[9223372036.854] "), (Int64.min, "[-9223372036.854] "),
        ])
    func stamps(nanoseconds: Int64, stamp: String) {
        #expect(TranscriptRecorder.stamp(TimerInstant(nanoseconds: nanoseconds)) == stamp)
    }
}
