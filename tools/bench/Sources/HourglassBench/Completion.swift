import Dispatch
import Synchronization

/// Fire times written from a clock's thread, and a wait for the last of them.
final class FireLog: Sendable {
    private let times: Mutex<[Int64]>
    private let left: Mutex<Int>
    private let done = DispatchSemaphore(value: 0)
    let start: Int64

    init(count: Int, start: Int64) {
        times = Mutex(Array(repeating: 0, count: count))
        left = Mutex(count)
        self.start = start
    }

    /// Timer `index` fired now.
    func fired(_ index: Int) {
        let at = now() - start
        times.withLock { $0[index] = at }
        let remaining = left.withLock { value in
            value -= 1
            return value
        }
        if remaining == 0 { done.signal() }
    }

    /// Waits for every timer, then returns the fire times (nanoseconds after the start).
    func wait() -> [Int64] {
        done.wait()
        return times.withLock { $0 }
    }
}
