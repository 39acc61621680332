@testable import Hourglass
import Testing

@Suite("The queue's storage")
struct StorageTests {
    @Test("a timer takes 40 bytes in the slab, 16 in the heap and 4 for its heap position")
    func layout() {
        #expect(MemoryLayout<TimerRecord>.stride == 40)
        #expect(MemoryLayout<HeapEntry>.stride == 16)
        #expect(MemoryLayout<TimerID>.stride == 8)
    }

    @Test("when the sequence counter would wrap, the numbers in use are renumbered in order")
    func sequenceRenumbering() throws {
        // The counter starts 10 numbers short of its end, so it is full when `e` is created:
        // idle, running and manually fired timers (equal deadlines among them) are renumbered.
        let backend = ManualBackend()
        let queue = TimerQueue(backend: backend, storage: TimerStorage(lastSequence: UInt32.max - 10))
        let fired = Recorder<String>()
        func oneShot(_ name: String, delay: Int64, start: Bool = true) -> TimerID {
            queue.add(kind: .oneShot, schedule: .oneShot(OneShotSchedule(delay: delay)), leeway: 0,
                      start: start, hasHandle: true, handler: .action { _ in fired.append(name) })
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

/// A backend whose time stays at zero; tests call `runDue` themselves.
final class ManualBackend: TimerBackend {
    var now: TimerInstant { .zero }
    func wake(at instant: TimerInstant?) {}
}
