import Hourglass
import TestSupport
import Testing

/// A hand-driven backend, written against the public contract alone: records every wake-up
/// request; the test plays the loop with ``wakeUp(at:)``.
final class RecordingBackend: TimerBackend {
    private let state = Locked<(now: TimerInstant, wakes: [TimerInstant?], runner: TimerRunner?)>((.zero, [], nil))

    var now: TimerInstant {
        get { state.withLock { $0.now } }
        set { state.withLock { $0.now = newValue } }
    }

    var wakes: [TimerInstant?] { state.withLock { $0.wakes } }

    func attach(_ runner: TimerRunner) {
        state.withLock { $0.runner = runner }
    }

    func wake(at instant: TimerInstant?) {
        state.withLock { $0.wakes.append(instant) }
    }

    /// The clock shut down: every timer is cancelled for good.
    func shutdown() {
        state.withLock { $0.runner }?.shutdown()
    }

    /// The backend's wake-up goes off at `instant`: time moves there and the due timers run.
    func wakeUp(at instant: TimerInstant) {
        now = instant
        state.withLock { $0.runner }?.runDue()
    }
}

final class RecordingClock: TimerClock {
    let backend = RecordingBackend()
    let timerQueue: TimerQueue

    init() {
        timerQueue = TimerQueue(backend: backend)
    }

    func shutdown() {
        backend.shutdown()
    }
}

@Suite("The backend contract")
struct BackendTests {
    @Test("the backend is asked to wake only when the earliest instant changes")
    func wakesOnlyOnChange() throws {
        let clock = RecordingClock()
        let fired = Recorder<TimerInstant>()
        let later = try clock.oneShot(after: .seconds(5)) { fired.append($0.scheduled) }
        let sooner = try clock.oneShot(after: .seconds(2)) { fired.append($0.scheduled) }
        let latest = try clock.oneShot(after: .seconds(9)) { fired.append($0.scheduled) }
        #expect(clock.backend.wakes == [.seconds(5), .seconds(2)])
        clock.backend.wakeUp(at: .seconds(2))
        #expect(clock.backend.wakes == [.seconds(5), .seconds(2), .seconds(5)])
        later.cancel()
        latest.cancel()
        #expect(clock.backend.wakes == [.seconds(5), .seconds(2), .seconds(5), .seconds(9), nil])
        #expect(fired.values == [.seconds(2)])
        #expect(sooner.state == .finished)
        expectNothingPending(clock)
    }

    @Test("a wake-up that comes early runs nothing and re-arms")
    func earlyWake() throws {
        let clock = RecordingClock()
        let handle = try clock.oneShot(after: .seconds(1)) { _ in }
        clock.backend.wakeUp(at: .milliseconds(996))
        #expect(handle.state == .running)
        #expect(clock.backend.wakes == [.seconds(1), .seconds(1)])
        handle.cancel()
        expectNothingPending(clock)
    }

    @Test("leeway lets one wake-up serve several timers, each told its own instant")
    func leewayCoalesces() throws {
        let clock = RecordingClock()
        let fired = Recorder<TimerFire>()
        let timers = try [1_000, 1_200, 1_400, 2_000].map { milliseconds in
            try clock.oneShot(after: .milliseconds(milliseconds), leeway: .milliseconds(500)) { fired.append($0) }
        }
        #expect(clock.backend.wakes == [.milliseconds(1_500)])
        clock.backend.wakeUp(at: .milliseconds(1_500))
        #expect(fired.values.map(\.scheduled) == [.milliseconds(1_000), .milliseconds(1_200), .milliseconds(1_400)])
        #expect(fired.values.allSatisfy { $0.now == .milliseconds(1_500) })
        #expect(clock.backend.wakes == [.milliseconds(1_500), .milliseconds(2_500)])
        #expect(timers.map(\.state) == [.finished, .finished, .finished, .running])
        timers[3].cancel()
        expectNothingPending(clock)
    }

    @Test("a runner that outlives its queue runs nothing")
    func runnerOutlivesQueue() throws {
        let backend: RecordingBackend
        do {
            let clock = RecordingClock()
            backend = clock.backend
            try clock.schedule(after: .seconds(1)) { _ in Issue.record("ran after its clock was gone") }
        }
        backend.wakeUp(at: .seconds(2))
        #expect(backend.wakes == [.seconds(1)])
    }

    @Test("a busy real clock reads the time again and runs what fell due, without re-arming in between")
    func catchUpReadings() throws {
        let clock = RecordingClock()
        let fired = Recorder<String>()
        let timers = try [10, 20, 30, 40].map { milliseconds in
            try clock.oneShot(after: .milliseconds(milliseconds)) { fire in
                fired.append("\(fire.scheduled)@\(fire.now)")
            }
        }
        // Readings: 15 ms at the wake-up, then 25 ms after the first timer ran, then 25 ms again.
        let readings = Locked<[TimerInstant]>([.milliseconds(15), .milliseconds(25), .milliseconds(25)])
        let ran = clock.timerQueue.runDue(readingTime: { readings.withLock { $0.removeFirst() } })
        #expect(ran == 2)
        #expect(fired.values == ["0.010s@0.015s", "0.020s@0.025s"])
        #expect(readings.withLock { $0.isEmpty })
        #expect(clock.backend.wakes == [.milliseconds(10), .milliseconds(30)])
        // At most `passes` readings: the third timer is due at the second reading but waits.
        let second = Locked<[TimerInstant]>([.milliseconds(30), .milliseconds(45)])
        #expect(clock.timerQueue.runDue(readingTime: { second.withLock { $0.removeFirst() } }, passes: 1) == 1)
        #expect(fired.values.last == "0.030s@0.030s")
        #expect(second.withLock { $0 } == [.milliseconds(45)])
        #expect(timers.map(\.state) == [.finished, .finished, .finished, .running])
        timers[3].cancel()
        expectNothingPending(clock)
    }
}
