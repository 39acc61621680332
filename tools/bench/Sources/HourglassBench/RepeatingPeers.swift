import BenchPeers
import Dispatch
import Foundation
import Hourglass
import HourglassDispatch
import HourglassLibevent
import NIOCore
import NIOPosix
import Synchronization

/// A repeating timer of `period` for `ticks` ticks on each peer; returns each tick's fire time
/// (ns after the start). Tick n is due at (n + 1) × period.
enum RepeatingPeers {
    static func floor(period: Int64, ticks: Int) -> [Int64] {
        var fired = [Int64](repeating: 0, count: ticks)
        _ = floor_repeating(period, Int32(ticks), &fired)
        return fired
    }

    static func rawLibevent(period: Int64, ticks: Int) -> [Int64] {
        var fired = [Int64](repeating: 0, count: ticks)
        _ = libevent_repeating(period, Int32(ticks), &fired)
        return fired
    }

    static func hourglass(_ clock: some TimerClock, period: Int64, ticks: Int) -> [Int64] {
        let log = FireLog(count: ticks, start: now())
        let counter = Counter()
        let timer = try? clock.repeating(every: .nanoseconds(period)) { _ in
            let index = counter.next()
            if index < ticks { log.fired(index) }
        }
        let fired = log.wait()
        timer?.cancel()
        return fired
    }

    static func libeventClock(period: Int64, ticks: Int) -> [Int64] {
        guard let clock = try? LibeventClock(), (try? clock.start()) != nil else { return [] }
        defer { clock.shutdown() }
        return hourglass(clock, period: period, ticks: ticks)
    }

    static func dispatchClock(period: Int64, ticks: Int) -> [Int64] {
        let clock = DispatchClock()
        defer { clock.shutdown() }
        return hourglass(clock, period: period, ticks: ticks)
    }

    static func rawDispatch(period: Int64, ticks: Int) -> [Int64] {
        let log = FireLog(count: ticks, start: now())
        let counter = Counter()
        let source = DispatchSource.makeTimerSource(flags: .strict, queue: DispatchQueue(label: "bench.repeat"))
        source.schedule(
            deadline: .now() + .nanoseconds(Int(period)), repeating: .nanoseconds(Int(period)), leeway: .nanoseconds(0))
        source.setEventHandler {
            let index = counter.next()
            if index < ticks { log.fired(index) }
        }
        source.activate()
        let fired = log.wait()
        source.cancel()
        return fired
    }

    static func nio(period: Int64, ticks: Int) -> [Int64] {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let log = FireLog(count: ticks, start: now())
        let counter = Counter()
        let task = group.next().scheduleRepeatedTask(initialDelay: .nanoseconds(period), delay: .nanoseconds(period)) {
            _ in
            let index = counter.next()
            if index < ticks { log.fired(index) }
        }
        let fired = log.wait()
        task.cancel()
        return fired
    }

    /// The loop a Swift user writes: sleep for the period, again and again.
    static func taskSleep(period: Int64, ticks: Int) async -> [Int64] {
        let start = now()
        var fired: [Int64] = []
        for _ in 0..<ticks {
            try? await Task.sleep(for: .nanoseconds(period))
            fired.append(now() - start)
        }
        return fired
    }
}

/// A counter callbacks share.
final class Counter: Sendable {
    private let value = Synchronization.Mutex(0)

    func next() -> Int {
        value.withLock { count in
            defer { count += 1 }
            return count
        }
    }
}
