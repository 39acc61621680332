import Hourglass
import TestSupport
import Testing

#if canImport(Glibc)
/// glibc's `malloc_usable_size` (in `malloc.h`, which the Glibc module does not export).
@_silgen_name("malloc_usable_size")
private func mallocUsableSize(_ block: UnsafeMutableRawPointer) -> Int
#endif

@Suite("Timer handles outlive their clock, name their own timer, and are small")
struct HandleLifetimeTests {
    @Test("a handle keeps its queue alive once the clock is released; the last handle lets it go")
    func handleKeepsQueue() throws {
        var clock: VirtualClock? = VirtualClock()
        weak let queue = clock!.timerQueue
        let fires = Recorder<TimerInstant>()
        var first: TimerHandle? = try clock!.oneShot(after: .seconds(1)) { fires.append($0.scheduled) }
        var second: TimerHandle? = try clock!.repeating(every: .seconds(2)) { fires.append($0.scheduled) }
        let ids = clock!.pendingTimers.map(\.id)
        clock = nil
        #expect(queue != nil)
        #expect([first!.id, second!.id] == ids)
        #expect(first!.kind == .oneShot)
        #expect(second!.kind == .repeating)
        #expect(first!.state == .running)
        first!.cancel()
        #expect(first!.state == .cancelled)
        first = nil
        #expect(queue != nil)
        #expect(second!.state == .running)
        second = nil
        #expect(queue == nil)
        #expect(fires.values == [])
    }

    @Test("a handle whose callback holds the queue's other handle: dropping it lets both go, then the queue")
    func callbackHoldsOtherHandle() throws {
        var clock: VirtualClock? = VirtualClock()
        weak let queue = clock!.timerQueue
        weak var holder: Box<TimerHandle?>?
        // The only reference to `holder` (and so to the second handle) is the first timer's callback.
        func firstHandle(_ clock: VirtualClock) throws -> TimerHandle {
            let box = Box<TimerHandle?>(nil)
            box.value = try clock.oneShot(after: .seconds(2)) { _ in }
            holder = box
            return try clock.oneShot(after: .seconds(1)) { _ in _ = box.value }
        }
        var first: TimerHandle? = try firstHandle(clock!)
        clock = nil
        #expect(holder?.value?.state == .running)
        #expect(first?.state == .running)
        #expect(queue != nil)
        first = nil
        #expect(holder == nil)
        #expect(queue == nil)
    }

    @Test("handles of many clocks, some gone and their numbers reused, each reach their own timer")
    func handlesOfManyClocks() throws {
        var clocks: [VirtualClock?] = (0..<20).map { _ in VirtualClock() }
        var handles: [TimerHandle?] = try clocks.indices.map { index in
            try clocks[index]!.oneShot(after: .seconds(Int64(index + 1))) { _ in }
        }
        for index in stride(from: 0, to: 20, by: 2) {
            handles[index] = nil
            clocks[index] = nil
        }
        let fires = Recorder<String>()
        for index in stride(from: 0, to: 20, by: 2) {
            let clock = VirtualClock()
            clocks[index] = clock
            handles[index] = try clock.oneShot(after: .seconds(Int64(index + 1))) { fire in
                fires.append("\(index) at \(fire.scheduled)")
            }
        }
        for index in 0..<20 {
            #expect(handles[index]!.id == clocks[index]!.pendingTimers.map(\.id).first)
        }
        for index in stride(from: 1, to: 20, by: 4) { handles[index]!.cancel() }
        for index in 0..<20 {
            let clock = clocks[index]!
            #expect(clock.pendingTimers.count == (index % 4 == 1 ? 0 : 1))
            clock.advance(by: .seconds(30))
            #expect(handles[index]!.state == (index % 4 == 1 ? .cancelled : .finished))
        }
        let expected = stride(from: 0, to: 20, by: 2).map { "\($0) at \(TimerInstant.seconds(Int64($0 + 1)))" }
        #expect(fires.values == expected)
    }

    @Test("handles released on several threads after the clock let the queue go exactly once")
    func releasedOnManyThreads() async throws {
        var clock: VirtualClock? = VirtualClock()
        weak let queue = clock!.timerQueue
        var handles: [TimerHandle] = try (0..<400).map { index in
            try clock!.oneShot(after: .milliseconds(Int64(1 + index % 9))) { _ in }
        }
        clock = nil
        var chunks = stride(from: 0, to: handles.count, by: 100).map { Array(handles[$0..<$0 + 100]) }
        handles = []
        #expect(queue != nil)
        await withTaskGroup(of: Void.self) { group in
            for chunk in chunks {
                group.addTask {
                    for handle in chunk where handle.state != .running { Issue.record("\(handle) is not running") }
                }
            }
        }
        #expect(queue != nil)
        await withTaskGroup(of: Void.self) { group in
            // Each chunk's last reference is its task's: the handles go on the tasks' threads.
            while let chunk = chunks.popLast() { group.addTask { withExtendedLifetime(chunk) {} } }
        }
        #expect(queue == nil)
    }

    @Test("clocks made and dropped on four threads at once, with handles: each handle reaches its own timer")
    func clocksOnManyThreads() async {
        let failures = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var failures = 0
                    for _ in 0..<50 {
                        let clock = VirtualClock()
                        let fired = Recorder<Int>()
                        let handles = (0..<10).compactMap { index in
                            try? clock.oneShot(after: .milliseconds(Int64(index + 1))) { _ in fired.append(index) }
                        }
                        handles[3].cancel()
                        clock.advance(by: .seconds(1))
                        let states = handles.map(\.state)
                        let expected = (0..<10).map { $0 == 3 ? TimerState.cancelled : .finished }
                        if handles.count != 10 || fired.values != [0, 1, 2, 4, 5, 6, 7, 8, 9] || states != expected {
                            failures += 1
                        }
                    }
                    return failures
                }
            }
            return await group.reduce(0, +)
        }
        #expect(failures == 0)
    }

    #if canImport(Glibc)
    @Test("a handle takes malloc's smallest block: 24 usable bytes (a 32-byte chunk)")
    func handleSize() throws {
        let clock = VirtualClock()
        // The smallest over several handles: malloc may hand out a larger chunk now and then
        // (one it did not split, under other tests' load), never a smaller one than the object needs.
        let handles = try (0..<16).map { _ in try clock.oneShot(after: .seconds(1)) { _ in } }
        let sizes = handles.map { mallocUsableSize(Unmanaged.passUnretained($0).toOpaque()) }
        #expect(sizes.min() == 24, "\(sizes)")
    }
    #endif
}
