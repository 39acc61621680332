import BenchPeers
import Dispatch
import Foundation
import Hourglass
import HourglassDispatch
import HourglassLibevent

/// The cold scale rows: each (count, peer) in a process of its own, one round, so nothing has
/// run before it (no warm allocator, no faulted-in pages, no earlier peer's leftovers). Each
/// timer is scheduled from a delay of its own (`schedule(after:)` by ID, `oneShot(after:)` by
/// handle; the raw peers likewise), with a callback capturing an object and an index, at
/// random deadlines 1–2 h away, then cancelled in random order.
///
/// The parent (`--only cold` or `--cold`) runs `HourglassBench --cold-row KEY --count N` for
/// each row; the child prints its figures as one JSON line.
enum ColdScale {
    /// The rows, by the key the child is given.
    static let peers: [(key: String, name: String)] = [
        ("floor", Peer.floor),
        ("libevent-id", Peer.libeventClock + Peer.byIDAfter),
        ("dispatch-id", Peer.dispatchClock + Peer.byIDAfter),
        ("virtual-id", Peer.virtualClock + Peer.byIDAfter),
        ("libevent-handle", Peer.libeventClock + Peer.byHandle),
        ("dispatch-handle", Peer.dispatchClock + Peer.byHandle),
        ("virtual-handle", Peer.virtualClock + Peer.byHandle),
        ("raw-libevent", Peer.rawLibevent),
        ("raw-dispatch", Peer.rawDispatch),
    ]

    static let counts = [100_000, 1_000_000]

    /// What one child reports.
    struct Row: Codable {
        let scheduleNanoseconds: Int64
        let cancelNanoseconds: Int64
        let residentBytes: Int64
        let scheduleFaults: Int64
    }

    /// The object every callback captures (with its timer's index).
    final class Sink: Sendable {
        let name: String

        init(name: String) { self.name = name }

        func hit(_ index: Int) {
            if index < 0 { print(name) }
        }
    }

    // MARK: The parent

    /// Runs every row in a fresh process and adds its figures to `report`.
    static func run(report: Report) {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            FileHandle.standardError.write(Data("hourglass-bench: cannot find its own executable\n".utf8))
            return
        }
        for n in counts {
            let label = "cold \(n >= 1_000_000 ? "\(n / 1_000_000)M" : "\(n / 1_000)k") timers"
            for (key, name) in peers {
                guard let row = child(executable, key: key, count: n) else {
                    FileHandle.standardError.write(Data("hourglass-bench: cold row \(key) × \(n) failed\n".utf8))
                    continue
                }
                report.add("\(label): schedule", name, Double(row.scheduleNanoseconds) / Double(n), "ns")
                report.add("\(label): cancel", name, Double(row.cancelNanoseconds) / Double(n), "ns")
                report.add("\(label): bytes each", name, Double(row.residentBytes) / Double(n), "B")
                report.add(
                    "\(label): page faults per 1000 (schedule)", name,
                    Double(row.scheduleFaults) * 1_000 / Double(n), "")
            }
        }
    }

    private static func child(_ executable: String, key: String, count: Int) -> Row? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--cold-row", key, "--count", String(count)]
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return try? JSONDecoder().decode(Row.self, from: data)
    }

    // MARK: The child

    /// Measures one row and prints it as JSON; false if `key` names no row. With `rounds` > 1
    /// (`--rounds N`, to tell the cold cost from the warm one by hand) it measures again in the
    /// same process, on a new clock each time, and prints a line per round; the parent reads
    /// only the first.
    static func runRow(key: String, count: Int, rounds: Int = 1) -> Bool {
        // The same inputs for every peer of a count; drawn before anything is timed.
        var random = SplitMix(seed: 16)
        let delays = (0..<count).map { _ in Int64.random(in: 3_600_000_000_000...7_200_000_000_000, using: &random) }
        var order = (0..<Int32(count)).map { $0 }
        order.shuffle(using: &random)
        let sink = Sink(name: key)
        for _ in 0..<max(1, rounds) {
            guard let row = measure(key, delays, order, sink), let json = try? JSONEncoder().encode(row) else {
                return false
            }
            print(String(decoding: json, as: UTF8.self))
        }
        return true
    }

    private static func measure(_ key: String, _ delays: [Int64], _ order: [Int32], _ sink: Sink) -> Row? {
        let count = Int32(delays.count)
        switch key {
        case "floor": return Row(floor_scale(delays, order, count))
        case "raw-libevent":
            var object: Int64 = 0
            return withUnsafeMutablePointer(to: &object) { Row(libevent_scale_with_context(delays, order, count, $0)) }
        case "raw-dispatch": return rawDispatch(delays, order, sink)
        case "libevent-id", "libevent-handle":
            guard let clock = try? LibeventClock(), (try? clock.start()) != nil else { return nil }
            defer { clock.shutdown() }
            return key.hasSuffix("id") ? byID(clock, delays, order, sink) : byHandle(clock, delays, order, sink)
        case "dispatch-id", "dispatch-handle":
            let clock = DispatchClock()
            defer { clock.shutdown() }
            return key.hasSuffix("id") ? byID(clock, delays, order, sink) : byHandle(clock, delays, order, sink)
        case "virtual-id": return byID(VirtualClock(), delays, order, sink)
        case "virtual-handle": return byHandle(VirtualClock(), delays, order, sink)
        default: return nil
        }
    }

    /// Schedules with `schedule(index, delay)` (which returns the caller's handle), then
    /// cancels the handles in `order`. The handles' array is made before the clock starts and
    /// not counted, as in the warm rows and the C peers.
    private static func measure<Handle>(
        _ delays: [Int64], _ order: [Int32], schedule: (Int, Int64) -> Handle?, cancel: (Handle) -> Void
    ) -> Row {
        var handles: [Handle] = []
        handles.reserveCapacity(delays.count)
        let before = allocatedBytes()
        let faults = bench_minor_faults()
        let start = now()
        for (index, delay) in delays.enumerated() {
            if let handle = schedule(index, delay) { handles.append(handle) }
        }
        let scheduled = now() - start
        let scheduleFaults = bench_minor_faults() - faults
        let resident = allocatedBytes() - before
        let cancelStart = now()
        for index in order where Int(index) < handles.count { cancel(handles[Int(index)]) }
        let cancelled = now() - cancelStart
        handles.removeAll()
        return Row(
            scheduleNanoseconds: scheduled, cancelNanoseconds: cancelled, residentBytes: resident,
            scheduleFaults: scheduleFaults)
    }

    private static func byID(_ clock: some TimerClock, _ delays: [Int64], _ order: [Int32], _ sink: Sink) -> Row {
        measure(
            delays, order,
            schedule: { index, delay in try? clock.schedule(after: .nanoseconds(delay)) { _ in sink.hit(index) } },
            cancel: { clock.cancel($0) })
    }

    private static func byHandle(_ clock: some TimerClock, _ delays: [Int64], _ order: [Int32], _ sink: Sink) -> Row {
        measure(
            delays, order,
            schedule: { index, delay in try? clock.oneShot(after: .nanoseconds(delay)) { _ in sink.hit(index) } },
            cancel: { $0.cancel() })
    }

    private static func rawDispatch(_ delays: [Int64], _ order: [Int32], _ sink: Sink) -> Row {
        let queue = DispatchQueue(label: "bench.cold")
        return measure(
            delays, order,
            schedule: { index, delay -> (any DispatchSourceTimer)? in
                let source = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
                source.schedule(deadline: .now() + .nanoseconds(Int(delay)), repeating: .never, leeway: .nanoseconds(0))
                source.setEventHandler { sink.hit(index) }
                source.activate()
                return source
            }, cancel: { $0.cancel() })
    }
}

extension ColdScale.Row {
    init(_ result: bench_scale_result) {
        self.init(
            scheduleNanoseconds: result.schedule_ns, cancelNanoseconds: result.cancel_ns,
            residentBytes: result.resident_bytes, scheduleFaults: result.schedule_faults)
    }
}
