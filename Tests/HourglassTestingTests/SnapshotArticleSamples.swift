import Hourglass
import HourglassTesting
import Testing

// The sample of the HourglassTesting catalog's "Snapshot-test your own screen", verbatim.

/// A screen of the app's own: a sign-in button locked for a while.
struct LockScreen: Equatable {
    var secondsLeft: Int64?

    var lines: [String] {
        [secondsLeft.map { "sign-in: [Try again in \($0)s] (disabled)" } ?? "sign-in: [Sign in]"]
    }
}

@Test("the lock-out counts down, then signing in is allowed again")
func lockOutTranscript() throws {
    let clock = VirtualClock()
    let recorder = TranscriptRecorder(clock: clock)
    recorder.screenChanged(LockScreen().lines)

    recorder.append("lock for 3s")
    recorder.screenChanged(LockScreen(secondsLeft: 3).lines)
    let lockOut = try clock.countdown(for: .seconds(3)) { tick in
        recorder.screenChanged(LockScreen(secondsLeft: tick.remainingSeconds).lines)
    } onFinish: {
        recorder.screenChanged(LockScreen().lines)
    }
    recorder.append("wait 3s")
    clock.advance(by: .seconds(3))

    assertTranscript(
        recorder.transcript,
        equals: """
            [   0.000] sign-in: [Sign in]
            lock for 3s
            [   0.000] sign-in: [Try again in 3s] (disabled)
            wait 3s
            [   1.000] sign-in: [Try again in 2s] (disabled)
            [   2.000] sign-in: [Try again in 1s] (disabled)
            [   3.000] sign-in: [Try again in 0s] (disabled)
            [   3.000] sign-in: [Sign in]

            """)
    #expect(lockOut.state == .finished)
    #expect(clock.pendingTimers.isEmpty)
}

@Test("the lock-out, kept in the test's own transcript file")
func lockOut() throws {
    let clock = VirtualClock()
    let recorder = TranscriptRecorder(clock: clock)
    recorder.append("lock for 3s")
    recorder.screenChanged(["sign-in: [Try again in 3s] (disabled)"])
    try assertTranscript(recorder.transcript)
}
