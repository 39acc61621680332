import BenchPeers
import Dispatch
import Foundation
import Hourglass
import HourglassDispatch
import HourglassGLib
import HourglassLibevent
import NIOCore
import NIOPosix

/// One-shots at given delays on each peer; each returns the fire times (ns after the start).
/// Every peer aims at the same absolute instants: start + delay.
enum OneShotPeers {
    /// Runs one of BenchPeers' C peers over `delays`: the instant each timer fired.
    private static func cPeer(
        _ peer: (UnsafePointer<Int64>?, UnsafeMutablePointer<Int64>?, Int32) -> Int32, _ delays: [Int64]
    ) -> [Int64] {
        var fired = [Int64](repeating: 0, count: delays.count)
        _ = peer(delays, &fired, Int32(delays.count))
        return fired
    }

    static func floor(_ delays: [Int64]) -> [Int64] {
        cPeer(floor_oneshot, delays)
    }

    static func rawLibevent(_ delays: [Int64]) -> [Int64] {
        cPeer(libevent_oneshot, delays)
    }

    static func rawGLibTimeoutAdd(_ delays: [Int64]) -> [Int64] {
        cPeer(glib_timeout_add_oneshot, delays)
    }

    static func rawGLibSource(_ delays: [Int64]) -> [Int64] {
        cPeer(glib_source_oneshot, delays)
    }

    static func hourglass(_ clock: some TimerClock, _ delays: [Int64]) -> [Int64] {
        let log = FireLog(count: delays.count, start: now())
        var handles: [TimerHandle] = []
        handles.reserveCapacity(delays.count)
        for (index, delay) in delays.enumerated() {
            let left = max(0, log.start + delay - now())
            if let handle = try? clock.oneShot(after: .nanoseconds(left), { _ in log.fired(index) }) {
                handles.append(handle)
            }
        }
        let fired = log.wait()
        withExtendedLifetime(handles) {}
        return fired
    }

    static func libeventClock(_ delays: [Int64]) -> [Int64] {
        guard let clock = try? LibeventClock(), (try? clock.start()) != nil else { return [] }
        defer { clock.shutdown() }
        return hourglass(clock, delays)
    }

    static func glibClock(_ delays: [Int64]) -> [Int64] {
        guard let clock = try? GLibClock() else { return [] }
        defer { clock.shutdown() }
        return hourglass(clock, delays)
    }

    static func dispatchClock(_ delays: [Int64]) -> [Int64] {
        let clock = DispatchClock()
        defer { clock.shutdown() }
        return hourglass(clock, delays)
    }

    static func rawDispatch(_ delays: [Int64]) -> [Int64] {
        let queue = DispatchQueue(label: "bench.raw-dispatch")
        let log = FireLog(count: delays.count, start: now())
        var sources: [any DispatchSourceTimer] = []
        sources.reserveCapacity(delays.count)
        for (index, delay) in delays.enumerated() {
            let source = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
            let left = max(0, log.start + delay - now())
            source.schedule(deadline: .now() + .nanoseconds(Int(left)), repeating: .never, leeway: .nanoseconds(0))
            source.setEventHandler { log.fired(index) }
            source.activate()
            sources.append(source)
        }
        let fired = log.wait()
        for item in sources { item.cancel() }
        return fired
    }

    static func nio(_ delays: [Int64]) -> [Int64] {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let loop = group.next()
        let log = FireLog(count: delays.count, start: now())
        for (index, delay) in delays.enumerated() {
            let left = max(0, log.start + delay - now())
            loop.scheduleTask(in: .nanoseconds(left)) { log.fired(index) }
        }
        return log.wait()
    }

    static func taskSleep(_ delays: [Int64]) async -> [Int64] {
        let log = FireLog(count: delays.count, start: now())
        for (index, delay) in delays.enumerated() {
            let left = max(0, log.start + delay - now())
            Task {
                try? await Task.sleep(for: .nanoseconds(left))
                log.fired(index)
            }
        }
        return await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: log.wait()) }.start()
        }
    }
}
