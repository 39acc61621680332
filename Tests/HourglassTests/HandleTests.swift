import Hourglass
import TestSupport
import Testing

@Suite("Timer handles: start, fire, pause, cancel, release")
struct HandleTests {
    @Test("created stopped, a one-shot waits for start(); its delay counts from then")
    func startLater() throws {
        let clock = VirtualClock()
        let fires = Recorder<TimerFire>()
        let handle = try clock.oneShot(after: .seconds(2), startsRunning: false) { fires.append($0) }
        clock.advance(by: .seconds(10))
        #expect(handle.state == .idle)
        #expect(fires.values == [])
        handle.start()
        handle.start()
        clock.advance(by: .seconds(10))
        #expect(
            fires.values == [
                TimerFire(scheduled: .seconds(12), now: .seconds(12), index: 0, missedTicks: 0, isManual: false)
            ])
        #expect(handle.state == .finished)
        expectNothingPending(clock)
    }

    @Test("fire() runs a repeating timer now and keeps its schedule")
    func fireKeepsSchedule() throws {
        let clock = VirtualClock()
        let fires = Recorder<TimerFire>()
        let handle = try clock.repeating(every: .seconds(10)) { fires.append($0) }
        clock.advance(by: .seconds(3))
        handle.fire()
        clock.advance(by: .seconds(7))
        #expect(
            fires.values == [
                TimerFire(scheduled: .seconds(3), now: .seconds(3), index: -1, missedTicks: 0, isManual: true),
                TimerFire(scheduled: .seconds(10), now: .seconds(10), index: 0, missedTicks: 0, isManual: false),
            ])
        handle.cancel()
        expectNothingPending(clock)
    }

    @Test("fire() runs a one-shot now, once")
    func fireOneShot() throws {
        let clock = VirtualClock()
        let count = Box(0)
        let handle = try clock.oneShot(after: .seconds(5)) { _ in count.value += 1 }
        handle.fire()
        handle.fire()
        clock.advance(by: .seconds(10))
        #expect(count.value == 1)
        #expect(handle.state == .finished)
        handle.fire()
        clock.advance(by: .seconds(1))
        #expect(count.value == 1)
        expectNothingPending(clock)
    }

    @Test("pause and resume in any order and number never crash; extra calls are no-ops")
    func pauseResumeAnyOrder() throws {
        let clock = VirtualClock()
        let fires = Recorder<TimerFire>()
        let handle = try clock.repeating(every: .seconds(1), startsRunning: false) { fires.append($0) }
        handle.resume()
        handle.pause()
        #expect(handle.state == .idle)
        handle.start()
        clock.advance(by: .milliseconds(2_500))
        handle.pause()
        handle.pause()
        clock.advance(by: .seconds(10))
        #expect(handle.state == .paused)
        handle.start()
        #expect(handle.state == .paused)
        handle.resume()
        handle.resume()
        clock.advance(by: .seconds(2))
        #expect(fires.values.map(\.index) == [0, 1, 2, 3])
        #expect(fires.values.map(\.scheduled) == [.seconds(1), .seconds(2), .seconds(13), .seconds(14)])
        handle.cancel()
        handle.cancel()
        handle.pause()
        handle.resume()
        handle.start()
        handle.fire()
        clock.advance(by: .seconds(5))
        #expect(fires.values.count == 4)
        #expect(handle.state == .cancelled)
        expectNothingPending(clock)
    }

    @Test("cancel inside a callback stops a timer with the same deadline")
    func cancelSameDeadline() throws {
        let clock = VirtualClock()
        let ran = Recorder<String>()
        let victim = Box<TimerHandle?>(nil)
        let first = try clock.oneShot(after: .seconds(1)) { _ in
            ran.append("first")
            victim.value?.cancel()
        }
        victim.value = try clock.oneShot(after: .seconds(1)) { _ in ran.append("second") }
        clock.advance(by: .seconds(2))
        #expect(ran.values == ["first"])
        #expect(first.state == .finished)
        #expect(victim.value?.state == .cancelled)
        expectNothingPending(clock)
    }

    @Test("a repeating timer can cancel itself from its callback")
    func cancelSelf() throws {
        let clock = VirtualClock()
        let me = Box<TimerHandle?>(nil)
        let count = Box(0)
        me.value = try clock.repeating(every: .seconds(1)) { _ in
            count.value += 1
            if count.value == 3 { me.value?.cancel() }
        }
        clock.advance(by: .seconds(10))
        #expect(count.value == 3)
        #expect(me.value?.state == .cancelled)
        expectNothingPending(clock)
    }

    @Test("releasing the handle cancels the timer")
    func releaseCancels() throws {
        let clock = VirtualClock()
        let count = Box(0)
        var handle: TimerHandle? = try clock.repeating(every: .seconds(1)) { _ in count.value += 1 }
        clock.advance(by: .seconds(2))
        #expect(handle?.state == .running)
        handle = nil
        expectNothingPending(clock)
        clock.advance(by: .seconds(5))
        #expect(count.value == 2)
    }

    @Test("a fire-and-forget one-shot runs though nobody keeps a handle")
    func fireAndForget() throws {
        let clock = VirtualClock()
        let fires = Recorder<TimerInstant>()
        try clock.schedule(after: .seconds(3)) { fires.append($0.scheduled) }
        #expect(clock.pendingTimers.map(\.kind) == [.oneShot])
        clock.advance(by: .seconds(5))
        #expect(fires.values == [.seconds(3)])
        expectNothingPending(clock)
    }

    @Test("a weak target is never kept alive; once it is gone the timer cancels itself")
    func weakTarget() throws {
        let clock = VirtualClock()
        let released = Box(false)
        let seen = Recorder<String>()
        var target: Target? = Target(name: "screen", deinitialized: released)
        let handle = try clock.repeating(every: .seconds(1), target: target!) { target, fire in
            seen.append("\(target.name) \(fire.index)")
        }
        let oneShot = try clock.oneShot(after: .seconds(5), target: target!) { target, _ in
            seen.append("\(target.name) once")
        }
        clock.advance(by: .seconds(2))
        #expect(seen.values == ["screen 0", "screen 1"])
        target = nil
        #expect(released.value)
        clock.advance(by: .seconds(10))
        #expect(seen.values == ["screen 0", "screen 1"])
        #expect(handle.state == .cancelled)
        #expect(oneShot.state == .cancelled)
        expectNothingPending(clock)
    }

    @Test("cancelling from other threads while the clock runs is safe")
    func cancelFromOtherThreads() async throws {
        let clock = VirtualClock()
        let handles = try (0..<200).map { index in
            try clock.repeating(every: .milliseconds(1 + index % 7)) { _ in }
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { clock.advance(by: .seconds(1)) }
            for chunk in stride(from: 0, to: handles.count, by: 50) {
                group.addTask { for handle in handles[chunk..<chunk + 50] { handle.cancel() } }
            }
        }
        #expect(handles.allSatisfy { $0.state == .cancelled })
        expectNothingPending(clock)
    }
}
