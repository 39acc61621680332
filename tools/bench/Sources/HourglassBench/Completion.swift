import Dispatch
import Synchronization

/// Fire times written from a clock's thread, and a wait for the last of them.
///
/// As light as the C peers' plain array write: each timer writes its own element, and one
/// atomic counts down to the signal (two `Mutex` round trips a fire measured ~80 ns here,
/// which every Swift peer paid and no C peer did).
final class FireLog: @unchecked Sendable {
    // @unchecked Sendable: element `index` of `times` is written once, by the callback of
    // timer `index`, and read only after `done` is signalled by the last of them (the
    // semaphore orders those writes before the reads); `left` is atomic.
    private let times: UnsafeMutablePointer<Int64>
    private let count: Int
    private let left: Atomic<Int>
    private let done = DispatchSemaphore(value: 0)
    let start: Int64

    init(count: Int, start: Int64) {
        times = .allocate(capacity: count)
        times.initialize(repeating: 0, count: count)
        self.count = count
        left = Atomic(count)
        self.start = start
    }

    deinit {
        times.deallocate()
    }

    /// Timer `index` fired now.
    func fired(_ index: Int) {
        times[index] = now() - start
        if left.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { done.signal() }
    }

    /// Waits for every timer, then returns the fire times (nanoseconds after the start).
    func wait() -> [Int64] {
        done.wait()
        return Array(UnsafeBufferPointer(start: times, count: count))
    }
}
