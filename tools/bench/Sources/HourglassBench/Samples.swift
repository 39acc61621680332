import BenchPeers
import Foundation

/// Nanosecond samples and the figures drawn from them.
struct Samples {
    var values: [Int64]

    init(_ values: [Int64]) { self.values = values.sorted() }

    func percentile(_ p: Double) -> Int64 {
        guard !values.isEmpty else { return 0 }
        return values[min(values.count - 1, Int((Double(values.count - 1) * p).rounded()))]
    }

    var isEmpty: Bool { values.isEmpty }
    var median: Int64 { percentile(0.5) }
    var p99: Int64 { percentile(0.99) }
    var max: Int64 { values.last ?? 0 }
}

/// The median of a few figures (the lower middle one for an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[(sorted.count - 1) / 2]
}

/// A peer's lateness distribution over all rounds of a measure, for the charts' CDFs: the
/// value at each of `levels` (fractions of the samples at or below it).
struct Distribution: Codable {
    static let levels = (0...100).map { Double($0) / 100 } + [0.995, 0.999]

    let measure: String
    let peer: String
    let levels: [Double]
    let nanoseconds: [Int64]
    let count: Int

    init(measure: String, peer: String, samples: Samples) {
        self.measure = measure
        self.peer = peer
        levels = Distribution.levels.sorted()
        nanoseconds = levels.map { samples.percentile($0) }
        count = samples.values.count
    }
}

/// One figure of the report: a measure, a peer, a value, and its ratio to the floor.
struct Figure: Codable {
    let measure: String
    let peer: String
    let value: Double
    let unit: String
    var ratioToFloor: Double?
}

/// Collects figures, prints them as a table (with ratios to the floor of the same measure),
/// and writes them as JSON.
final class Report {
    private(set) var figures: [Figure] = []
    private(set) var distributions: [Distribution] = []

    func add(_ measure: String, _ peer: String, _ value: Double, _ unit: String) {
        figures.append(Figure(measure: measure, peer: peer, value: value, unit: unit))
        FileHandle.standardError.write(Data("  \(measure) · \(peer): \(Report.format(value, unit))\n".utf8))
    }

    /// Keeps `samples` (all rounds of one peer) as a distribution for the charts.
    func addDistribution(_ measure: String, _ peer: String, _ samples: Samples) {
        guard !samples.isEmpty else { return }
        distributions.append(Distribution(measure: measure, peer: peer, samples: samples))
    }

    /// Groups the figures by measure (in the order measures first appeared), so that the
    /// peers of one measure stand together, then fills in each one's ratio to the floor (the
    /// C timerfd+epoll heap) of the same measure.
    func computeRatios() {
        var order: [String: Int] = [:]
        for figure in figures where order[figure.measure] == nil { order[figure.measure] = order.count }
        figures = figures.enumerated().sorted {
            (order[$0.element.measure]!, $0.offset) < (order[$1.element.measure]!, $1.offset)
        }.map(\.element)
        for index in figures.indices {
            let figure = figures[index]
            guard let floor = figures.first(where: { $0.measure == figure.measure && $0.peer == Peer.floor }),
                floor.value > 0
            else { continue }
            figures[index].ratioToFloor = figure.value / floor.value
        }
    }

    func printTable() {
        let measureWidth = max(7, figures.map(\.measure.count).max() ?? 0)
        let peerWidth = max(4, figures.map(\.peer.count).max() ?? 0)
        func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
        print(pad("measure", measureWidth) + "  " + pad("peer", peerWidth) + "  " + pad("value", 16) + "  × floor")
        print(String(repeating: "-", count: measureWidth + peerWidth + 30))
        var last = ""
        for figure in figures {
            let measure = figure.measure == last ? "" : figure.measure
            last = figure.measure
            let ratio = figure.ratioToFloor.map { String(format: "%.2f", $0) } ?? "—"
            print(
                pad(measure, measureWidth) + "  " + pad(figure.peer, peerWidth) + "  "
                    + pad(Report.format(figure.value, figure.unit), 16) + "  " + ratio)
        }
    }

    func writeJSON(to path: String, machine: String) throws {
        struct Document: Codable {
            let machine: String
            let date: String
            let figures: [Figure]
            let distributions: [Distribution]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let document = Document(
            machine: machine, date: ISO8601DateFormatter().string(from: Date()), figures: figures,
            distributions: distributions)
        try encoder.encode(document).write(to: URL(fileURLWithPath: path))
    }

    static func format(_ value: Double, _ unit: String) -> String {
        switch unit {
        case "ns":
            value >= 1_000_000
                ? String(format: "%.2f ms", value / 1e6)
                : value >= 1_000 ? String(format: "%.1f µs", value / 1e3) : String(format: "%.0f ns", value)
        case "/s": value >= 1e6 ? String(format: "%.2f M/s", value / 1e6) : String(format: "%.0f /s", value)
        case "B": String(format: "%.0f B", value)
        default: String(format: "%.2f %@", value, unit)
        }
    }
}

/// The peers' names, as the table shows them.
enum Peer {
    static let floor = "C timerfd+epoll (floor)"
    static let libeventClock = "LibeventClock"
    static let glibClock = "GLibClock"
    static let dispatchClock = "DispatchClock"
    static let virtualClock = "VirtualClock"
    static let rawLibevent = "raw libevent"
    /// g_timeout_add_full on the default context, whole milliseconds; g_source_remove.
    static let rawGLibTimeoutAdd = "raw GLib g_timeout_add"
    /// A GSource per timer (lateness: due at a ready time in µs; scale: g_timeout_source_new).
    static let rawGLibSource = "raw GLib GSource"
    static let rawDispatch = "raw DispatchSourceTimer"
    static let nio = "NIO scheduleTask"
    static let taskSleep = "Task.sleep"
    /// Suffixes: the timer API a Hourglass row uses.
    static let byHandle = " (TimerHandle)"
    static let byID = " (TimerID, at)"
    static let byIDAfter = " (TimerID, after)"
}

/// Bytes allocated with malloc and still in use.
func allocatedBytes() -> Int64 {
    bench_allocated_bytes()
}

func now() -> Int64 { bench_now_ns() }

/// Where a repeating timer's ticks stand against their grid (tick n due at (n + 1) × period).
/// One late tick is jitter, not drift, so neither figure rests on a single tick.
struct Drift {
    /// The median lateness of the last 100 ticks.
    let end: Double
    /// The least-squares slope of lateness over the tick number: growth per tick.
    let perTick: Double

    init?(_ fired: [Int64], period: Int64) {
        guard fired.count > 1 else { return nil }
        let lateness = fired.enumerated().map { Double($1 - Int64($0 + 1) * period) }
        end = median(Array(lateness.suffix(100)))
        let count = Double(lateness.count)
        let meanIndex = (count - 1) / 2
        let meanLateness = lateness.reduce(0, +) / count
        var covariance = 0.0
        var variance = 0.0
        for (index, late) in lateness.enumerated() {
            covariance += (Double(index) - meanIndex) * (late - meanLateness)
            variance += (Double(index) - meanIndex) * (Double(index) - meanIndex)
        }
        perTick = covariance / variance
    }
}
