import BenchPeers
import Dispatch
import Foundation
import Hourglass
import HourglassDispatch
import HourglassGLib
import HourglassLibevent
import NIOCore
import NIOPosix

/// What scheduling then cancelling `n` far-future timers cost on one peer.
struct ScaleResult {
    let scheduleNanoseconds: Int64
    let cancelNanoseconds: Int64
    let residentBytes: Int64

    /// The faster time of the two runs for each operation, and the larger memory figure
    /// (the memory one run reuses from an earlier one is not free).
    func best(with other: ScaleResult) -> ScaleResult {
        ScaleResult(
            scheduleNanoseconds: min(scheduleNanoseconds, other.scheduleNanoseconds),
            cancelNanoseconds: min(cancelNanoseconds, other.cancelNanoseconds),
            residentBytes: max(residentBytes, other.residentBytes))
    }
}

/// `n` timers far in the future, then cancelled in random order, on each peer. Memory is what
/// malloc holds for them while all are pending (mallinfo2); the Swift peers keep one handle
/// per timer in an array, as a caller would (its 8 bytes a timer, reserved before, are not
/// counted, as the C peers' own arrays are not).
enum ScalePeers {
    /// Runs one of BenchPeers' C peers over `delays`, cancelling in `order`.
    private static func cPeer(
        _ peer: (UnsafePointer<Int64>?, UnsafePointer<Int32>?, Int32) -> bench_scale_result, _ delays: [Int64],
        _ order: [Int32]
    ) -> ScaleResult {
        let result = peer(delays, order, Int32(delays.count))
        return ScaleResult(
            scheduleNanoseconds: result.schedule_ns, cancelNanoseconds: result.cancel_ns,
            residentBytes: result.resident_bytes)
    }

    static func floor(_ delays: [Int64], _ order: [Int32]) -> ScaleResult {
        cPeer(floor_scale, delays, order)
    }

    static func rawLibevent(_ delays: [Int64], _ order: [Int32]) -> ScaleResult {
        cPeer(libevent_scale, delays, order)
    }

    static func rawGLibTimeoutAdd(_ delays: [Int64], _ order: [Int32]) -> ScaleResult {
        cPeer(glib_timeout_add_scale, delays, order)
    }

    static func rawGLibSource(_ delays: [Int64], _ order: [Int32]) -> ScaleResult {
        cPeer(glib_source_scale, delays, order)
    }

    /// Measures `schedule` (which returns one handle per timer) and `cancel` on the handles.
    static func measure<Handle>(
        _ delays: [Int64], _ order: [Int32], schedule: (Int64) -> Handle?, cancel: (Handle) -> Void
    ) -> ScaleResult {
        var handles: [Handle] = []
        handles.reserveCapacity(delays.count)
        let before = allocatedBytes()
        let start = now()
        for delay in delays { if let handle = schedule(delay) { handles.append(handle) } }
        let scheduled = now() - start
        let resident = allocatedBytes() - before
        let cancelStart = now()
        for index in order where Int(index) < handles.count { cancel(handles[Int(index)]) }
        let cancelled = now() - cancelStart
        handles.removeAll()
        return ScaleResult(scheduleNanoseconds: scheduled, cancelNanoseconds: cancelled, residentBytes: resident)
    }

    static func hourglass(_ clock: some TimerClock, _ delays: [Int64], _ order: [Int32]) -> ScaleResult {
        measure(
            delays, order, schedule: { delay in try? clock.oneShot(after: .nanoseconds(delay)) { _ in } },
            cancel: { $0.cancel() })
    }

    /// One-shots by ``TimerID`` (no handle object) at deadlines computed from one reading of
    /// the clock, as the floor does.
    static func hourglassByID(_ clock: some TimerClock, _ delays: [Int64], _ order: [Int32]) -> ScaleResult {
        let base = clock.now.nanoseconds
        return measure(
            delays, order,
            schedule: { delay in
                try? clock.schedule(at: TimerInstant(nanoseconds: base + delay)) { _ in }
            }, cancel: { clock.cancel($0) })
    }

    static func libeventClock(_ delays: [Int64], _ order: [Int32]) -> ScaleResult? {
        guard let clock = try? LibeventClock(), (try? clock.start()) != nil else { return nil }
        defer { clock.shutdown() }
        return hourglass(clock, delays, order)
    }

    static func libeventClockByID(_ delays: [Int64], _ order: [Int32]) -> ScaleResult? {
        guard let clock = try? LibeventClock(), (try? clock.start()) != nil else { return nil }
        defer { clock.shutdown() }
        return hourglassByID(clock, delays, order)
    }

    static func glibClock(_ delays: [Int64], _ order: [Int32]) -> ScaleResult? {
        guard let clock = try? GLibClock() else { return nil }
        defer { clock.shutdown() }
        return hourglass(clock, delays, order)
    }

    static func glibClockByID(_ delays: [Int64], _ order: [Int32]) -> ScaleResult? {
        guard let clock = try? GLibClock() else { return nil }
        defer { clock.shutdown() }
        return hourglassByID(clock, delays, order)
    }

    static func dispatchClock(_ delays: [Int64], _ order: [Int32]) -> ScaleResult {
        let clock = DispatchClock()
        defer { clock.shutdown() }
        return hourglass(clock, delays, order)
    }

    static func dispatchClockByID(_ delays: [Int64], _ order: [Int32]) -> ScaleResult {
        let clock = DispatchClock()
        defer { clock.shutdown() }
        return hourglassByID(clock, delays, order)
    }

    static func virtualClock(_ delays: [Int64], _ order: [Int32]) -> ScaleResult {
        hourglass(VirtualClock(), delays, order)
    }

    static func virtualClockByID(_ delays: [Int64], _ order: [Int32]) -> ScaleResult {
        hourglassByID(VirtualClock(), delays, order)
    }

    static func rawDispatch(_ delays: [Int64], _ order: [Int32]) -> ScaleResult {
        let queue = DispatchQueue(label: "bench.scale")
        return measure(
            delays, order,
            schedule: { delay -> (any DispatchSourceTimer)? in
                let source = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
                source.schedule(deadline: .now() + .nanoseconds(Int(delay)), repeating: .never, leeway: .nanoseconds(0))
                source.setEventHandler {}
                source.activate()
                return source
            }, cancel: { $0.cancel() })
    }

    static func nio(_ delays: [Int64], _ order: [Int32]) -> ScaleResult {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let loop = group.next()
        return measure(
            delays, order, schedule: { delay in loop.scheduleTask(in: .nanoseconds(delay)) {} }, cancel: { $0.cancel() }
        )
    }
}
