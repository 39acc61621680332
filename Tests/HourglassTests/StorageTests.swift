import TestSupport
import Testing

@testable import Hourglass

@Suite("The queue's storage")
struct StorageTests {
    @Test("a timer takes 32 bytes in the slab, 4 beside it and 16 in the heap; its ID 8")
    func layout() {
        #expect(MemoryLayout<TimerRecord>.stride == 32)
        #expect(MemoryLayout<HeapEntry>.stride == 16)
        #expect(MemoryLayout<TimerID>.stride == 8)
    }

    @Test("when the sequence counter would wrap, the numbers in use are renumbered in order")
    func sequenceRenumbering() throws {
        // The counter starts 10 numbers short of its end, so it is full when `e` is created:
        // idle, running and manually fired timers (equal deadlines among them) are renumbered.
        let backend = ManualBackend()
        let queue = TimerQueue(backend: backend, storage: TimerStorage(lastSequence: TimerStorage.lastSequence - 10))
        let fired = Recorder<String>()
        func oneShot(_ name: String, delay: Int64, start: Bool = true) -> TimerID {
            queue.add(
                kind: .oneShot, schedule: .oneShot(OneShotSchedule(delay: delay)), leeway: 0,
                start: start, hasHandle: false, handler: .action { _ in fired.append(name) })
        }
        let a = oneShot("a", delay: 10)
        let b = oneShot("b", delay: 10)
        let idle = oneShot("idle", delay: 10, start: false)
        let c = oneShot("c", delay: 10)
        let d = oneShot("d", delay: 5)
        queue.fire(b)
        let e = oneShot("e", delay: 10)
        #expect(queue.pendingTimers.map(\.id) == [d, a, b, c, e, idle])
        queue.runDue(now: TimerInstant(nanoseconds: 10))
        #expect(fired.values == ["b", "d", "a", "c", "e"])
        #expect(queue.pendingTimers.map(\.id) == [idle])
        queue.cancel(idle)
    }
}

extension StorageTests {
    @Test("cancelled and rescheduled timers leave stale heap entries: never run, compacted, bounded")
    func staleEntries() throws {
        let clock = VirtualClock()
        var random = SplitMix64(seed: 7)
        let fired = Recorder<Int>()
        // 2 000 one-shots at random whole-millisecond deadlines (many equal), kept by ID.
        var timers: [(id: TimerID, deadline: Int64, number: Int)] = []
        for number in 0..<2_000 {
            let deadline = Int64.random(in: 1...500, using: &random)
            let id = try clock.schedule(at: .milliseconds(deadline)) { _ in fired.append(number) }
            timers.append((id, deadline, number))
        }
        // Cancel 1 500 of them in random order; pause and resume a repeating timer throughout,
        // which makes a stale entry each time too.
        let ticks = Recorder<Int64>()
        let repeating = try clock.repeating(every: .milliseconds(100)) { fire in ticks.append(fire.index) }
        timers.shuffle(using: &random)
        for (index, timer) in timers.prefix(1_500).enumerated() {
            clock.cancel(timer.id)
            if index % 10 == 0 {
                repeating.pause()
                repeating.resume()
            }
            let heapCount = clock.timerQueue.storage.heap.count
            #expect(heapCount <= 2 * clock.timerQueue.liveCount + 33, "heap of \(heapCount) after \(index + 1) cancels")
        }
        let kept = timers.dropFirst(1_500).sorted { ($0.deadline, $0.number) < ($1.deadline, $1.number) }
        #expect(clock.pendingTimers.count == 501)
        clock.advance(by: .milliseconds(500))
        #expect(fired.values == kept.map(\.number))
        #expect(ticks.values == [0, 1, 2, 3, 4])
        repeating.cancel()
        expectNothingPending(clock)
        #expect(clock.timerQueue.storage.heap.count == 0)
    }
}

extension StorageTests {
    @Test(
        "a real clock's queue with its earliest deadlines staged: each due timer fires once, in order, through cancels and additions between runs",
        arguments: [1, 16, 256])
    func stagedTimersFireInOrder(stagedTarget: Int) {
        let queue = TimerQueue(backend: ManualBackend(), storage: TimerStorage(stagedTarget: stagedTarget))
        var random = SplitMix64(seed: UInt64(stagedTarget))
        let fired = Recorder<Int>()
        // The timers neither fired nor cancelled: deadline (ms) and number, in insertion order.
        var pending: [(deadline: Int64, number: Int)] = []
        var ids: [TimerID] = []
        func add(_ deadline: Int64) {
            let number = ids.count
            ids.append(
                queue.addOneShot(
                    deadline: deadline * 1_000_000, leeway: 0, hasHandle: false,
                    handler: .action { _ in fired.append(number) }))
            pending.append((deadline, number))
        }
        // Whole milliseconds: many timers share a deadline.
        for _ in 0..<3_000 { add(Int64.random(in: 1...10_000, using: &random)) }
        var expected: [Int] = []
        for wake in stride(from: Int64(250), through: 12_000, by: 250) {
            // Cancel some; add some, part before what is staged (or past due), part far ahead.
            for _ in 0..<40 where !pending.isEmpty {
                let cancelled = pending.remove(at: Int.random(in: pending.indices, using: &random))
                queue.cancel(ids[cancelled.number])
            }
            for _ in 0..<120 where wake <= 10_000 { add(wake + Int64.random(in: -249...2_000, using: &random)) }
            queue.runDue(now: TimerInstant(nanoseconds: wake * 1_000_000))
            let due = pending.filter { $0.deadline <= wake }
            expected += due.sorted { ($0.deadline, $0.number) < ($1.deadline, $1.number) }.map(\.number)
            pending.removeAll { $0.deadline <= wake }
        }
        #expect(pending.isEmpty)
        #expect(fired.values.count == expected.count)
        #expect(fired.values == expected)
        #expect(queue.pendingTimers == [])
    }

    @Test("when the counter wraps with deadlines staged, equal deadlines still fire first-in first-out")
    func sequenceRenumberingWhileStaged() {
        // Target 4: once 8 timers are in, a0…a3 are staged and a3 is the fence. Cancelling a3
        // and 40 others compacts the heap, so the fence's number is in use no more when the
        // counter, full after the 80th timer, wraps at the 81st.
        let storage = TimerStorage(lastSequence: TimerStorage.lastSequence - 80, stagedTarget: 4)
        let queue = TimerQueue(backend: ManualBackend(), storage: storage)
        let fired = Recorder<String>()
        func oneShot(_ name: String, delay: Int64) -> TimerID {
            queue.add(
                kind: .oneShot, schedule: .oneShot(OneShotSchedule(delay: delay)), leeway: 0,
                start: true, hasHandle: false, handler: .action { _ in fired.append(name) })
        }
        let early = (0..<12).map { oneShot("a\($0)", delay: 10) }
        let later = (0..<68).map { oneShot("f\($0)", delay: 20) }
        queue.cancel(early[3])
        for id in later.prefix(40) { queue.cancel(id) }
        _ = oneShot("b", delay: 10)
        queue.runDue(now: TimerInstant(nanoseconds: 10))
        #expect(fired.values == ["a0", "a1", "a2"] + (4..<12).map { "a\($0)" } + ["b"])
        queue.runDue(now: TimerInstant(nanoseconds: 20))
        #expect(fired.values.suffix(28) == (40..<68).map { "f\($0)" })
    }
}

/// A backend whose time stays at zero; tests call `runDue` themselves.
final class ManualBackend: TimerBackend {
    var now: TimerInstant { .zero }
    func attach(_ runner: TimerRunner) {}
    func wake(at instant: TimerInstant?) {}
}

extension StorageTests {
    @Test("durations become whole nanoseconds, truncated toward zero; nil beyond Int64 by any amount")
    func durationNanoseconds() {
        let attosecond = Duration(secondsComponent: 0, attosecondsComponent: 1)
        let cases: [(Duration, Int64?)] = [
            (.zero, 0), (.nanoseconds(1), 1), (.nanoseconds(-1), -1), (attosecond, 0), (.zero - attosecond, 0),
            (.nanoseconds(1) + attosecond * 999_999_999, 1), (.nanoseconds(-1) - attosecond * 999_999_999, -1),
            (.seconds(7_200), 7_200_000_000_000), (.seconds(-7_200) - attosecond, -7_200_000_000_000),
            (.nanoseconds(Int64.max), .max), (.nanoseconds(Int64.max) + attosecond, nil),
            (.nanoseconds(Int64.min), .min), (.nanoseconds(Int64.min) - attosecond, nil),
            (.seconds(Int64.max), nil), (.seconds(Int64.min), nil),
        ]
        for (duration, expected) in cases {
            #expect(duration.exactNanoseconds == expected, "\(duration)")
        }
    }
}

extension StorageTests {
    @Test("an array doubles while small and grows by a quarter from 8 192 entries on")
    func growthSteps() {
        #expect(GrowableMemory.grownCapacity(0) == 16)
        #expect(GrowableMemory.grownCapacity(16) == 32)
        #expect(GrowableMemory.grownCapacity(4_096) == 8_192)
        #expect(GrowableMemory.grownCapacity(8_192) == 10_240)
        #expect(GrowableMemory.grownCapacity(1_000_000) == 1_250_000)
        // Filled one entry at a time, a large array is never more than a fifth idle.
        var capacity = 16
        for count in 1...2_000_000 {
            if count > capacity { capacity = GrowableMemory.grownCapacity(capacity) }
            if count > GrowableMemory.steadyGrowthFrom && count * 5 < capacity * 4 {
                Issue.record("capacity \(capacity) for \(count) entries")
                return
            }
        }
    }

    @Test("a plain heap and the slab keep every entry through 30 000 inserts of growth")
    func largeGrowth() throws {
        var random = SplitMix64(seed: 11)
        var deadlines = TimerDeadlines(usesBuckets: false)
        var expected: [Int64] = []
        for index in 0..<30_000 {
            let deadline = Int64.random(in: 0...1_000_000, using: &random)
            deadlines.insert(HeapEntry(deadline: deadline, sequence: UInt32(index + 1), slot: UInt32(index)))
            expected.append(deadline)
        }
        var popped: [Int64] = []
        while let entry = deadlines.popFirst() { popped.append(entry.deadline) }
        #expect(popped == expected.sorted())

        let clock = VirtualClock()
        let fired = Recorder<Int>()
        var timers: [(deadline: Int64, number: Int)] = []
        for number in 0..<30_000 {
            let deadline = Int64.random(in: 1...1_000, using: &random)
            _ = try clock.schedule(at: .milliseconds(deadline)) { _ in fired.append(number) }
            timers.append((deadline, number))
        }
        clock.advance(by: .seconds(1))
        #expect(fired.values == timers.sorted { ($0.deadline, $0.number) < ($1.deadline, $1.number) }.map(\.number))
        expectNothingPending(clock)
    }
}
