import Foundation
import Hourglass
import HourglassDispatch
import HourglassGLib
import HourglassLibevent
import Synchronization

/// The measures, in order, each on every peer it applies to.
struct BenchmarkRun {
    let quick: Bool
    let report: Report
    /// The measures to run (`--only one-shot,scale`); all when empty.
    var only: Set<String> = []
    /// Whether the cold scale rows run (each in a fresh process; `--cold` or `--only cold`).
    var cold = false

    static let measures = ["one-shot", "repeat", "repeat-60s", "scale", "burst", "coalescing", "virtual", "cold"]

    func run() async {
        // Every measure draws from the generator whether it runs or not, so a filtered run
        // gives each measure the same inputs as the full one.
        var random = SplitMix(seed: 42)
        func runs(_ measure: String) -> Bool { only.isEmpty || only.contains(measure) }
        // The virtual clock first, in a fresh process: after the GCD and NIO peers have run,
        // the same measure read up to 1.9 × slower (it frees a closure per fire; the allocator's
        // state after their threads is the likely cause). Its inputs come from a generator of
        // their own, so they do not depend on which measures run.
        var virtualRandom = SplitMix(seed: 6)
        virtualClock(random: &virtualRandom, run: runs("virtual"))
        await oneShotLateness(random: &random, run: runs("one-shot"))
        if runs("repeat") { await repeatingDrift() }
        // Not in the default run (it takes a minute): `--only repeat-60s`.
        if only.contains("repeat-60s") { repeatingDriftOverAMinute() }
        for n in quick ? [100_000] : [100_000, 1_000_000] { scale(n: n, random: &random, run: runs("scale")) }
        burst(random: &random, run: runs("burst"))
        coalescing(random: &random, run: runs("coalescing"))
        if cold { ColdScale.run(report: report) }
    }

    /// How many times each lateness measure runs: its figures are the medians over the rounds,
    /// which run the peers in turn, so a pause of the shared machine hits one round of every
    /// peer alike rather than all of one peer's figures.
    private var rounds: Int { quick ? 1 : 5 }

    /// 1. 2 000 one-shots at random delays of 1–50 ms: lateness p50, p99, max.
    private func oneShotLateness(random: inout SplitMix, run: Bool) async {
        let delays = (0..<2_000).map { _ in Int64.random(in: 1_000_000...50_000_000, using: &random) }
        guard run else { return }
        let peers: [(String, ([Int64]) -> [Int64])] = [
            (Peer.floor, OneShotPeers.floor), (Peer.libeventClock, OneShotPeers.libeventClock),
            (Peer.glibClock, OneShotPeers.glibClock),
            (Peer.dispatchClock, OneShotPeers.dispatchClock), (Peer.rawLibevent, OneShotPeers.rawLibevent),
            (Peer.rawGLibTimeoutAdd, OneShotPeers.rawGLibTimeoutAdd), (Peer.rawGLibSource, OneShotPeers.rawGLibSource),
            (Peer.rawDispatch, OneShotPeers.rawDispatch), (Peer.nio, OneShotPeers.nio),
        ]
        // A short warm-up of every peer first: the first timers of a process pay for page
        // faults and lazy set-up, which is not what this measures.
        let warmUp = Array(delays.prefix(200)).map { $0 / 10 }
        for (_, body) in peers { _ = body(warmUp) }
        _ = await OneShotPeers.taskSleep(warmUp)
        var samples: [String: [Samples]] = [:]
        for _ in 0..<rounds {
            for (peer, body) in peers { samples[peer, default: []].append(lateness(body(delays), delays)) }
            samples[Peer.taskSleep, default: []].append(lateness(await OneShotPeers.taskSleep(delays), delays))
        }
        for peer in peers.map(\.0) + [Peer.taskSleep] {
            let runs = samples[peer, default: []].filter { !$0.isEmpty }
            guard !runs.isEmpty else { continue }
            report.add("one-shot lateness p50", peer, median(runs.map { Double($0.median) }), "ns")
            report.add("one-shot lateness p99", peer, median(runs.map { Double($0.p99) }), "ns")
            report.add("one-shot lateness max", peer, median(runs.map { Double($0.max) }), "ns")
            report.addDistribution("one-shot lateness", peer, Samples(runs.flatMap(\.values)))
        }
    }

    /// Each timer's lateness; empty if some did not fire.
    private func lateness(_ fired: [Int64], _ delays: [Int64]) -> Samples {
        Samples(fired.count == delays.count ? zip(fired, delays).map { $0 - $1 } : [])
    }

    /// 2. A repeating 10 ms timer for 5 s (1 s quick): drift at the end (the median lateness of
    /// the last 100 ticks) and per tick (the slope of lateness over the ticks).
    private func repeatingDrift() async {
        let period: Int64 = 10_000_000
        let ticks = quick ? 100 : 500
        let peers: [(String, (Int64, Int) -> [Int64])] = [
            (Peer.floor, RepeatingPeers.floor), (Peer.libeventClock, RepeatingPeers.libeventClock),
            (Peer.dispatchClock, RepeatingPeers.dispatchClock), (Peer.rawLibevent, RepeatingPeers.rawLibevent),
            (Peer.rawDispatch, RepeatingPeers.rawDispatch), (Peer.nio, RepeatingPeers.nio),
        ]
        for (peer, body) in peers { recordDrift(peer, body(period, ticks), period: period) }
        recordDrift(
            Peer.taskSleep + " (loop)", await RepeatingPeers.taskSleep(period: period, ticks: ticks), period: period)
    }

    /// 2b. The same 10 ms timer for 60 s (6 000 ticks): the drift at the end. The peers run at
    /// the same time, each on a thread of its own, so that this takes one minute rather than
    /// six; they idle between ticks, so they hardly disturb one another.
    private func repeatingDriftOverAMinute() {
        let period: Int64 = 10_000_000
        let ticks = 6_000
        let peers: [(String, @Sendable (Int64, Int) -> [Int64])] = [
            (Peer.floor, RepeatingPeers.floor), (Peer.libeventClock, RepeatingPeers.libeventClock),
            (Peer.dispatchClock, RepeatingPeers.dispatchClock), (Peer.rawLibevent, RepeatingPeers.rawLibevent),
            (Peer.rawDispatch, RepeatingPeers.rawDispatch), (Peer.nio, RepeatingPeers.nio),
        ]
        let results = Mutex<[String: [Int64]]>([:])
        let threads = peers.map { peer, body in
            Thread {
                let fired = body(period, ticks)
                results.withLock { $0[peer] = fired }
            }
        }
        for item in threads { item.start() }
        while results.withLock({ $0.count }) < peers.count { Thread.sleep(forTimeInterval: 0.1) }
        let fired = results.withLock { $0 }
        for (peer, _) in peers {
            guard let times = fired[peer], let drift = Drift(times, period: period) else { continue }
            report.add("repeat 10 ms × 60 s: end drift", peer, drift.end, "ns")
        }
    }

    private func recordDrift(_ peer: String, _ fired: [Int64], period: Int64) {
        guard let drift = Drift(fired, period: period) else { return }
        report.add("repeat 10 ms: end drift", peer, drift.end, "ns")
        report.add("repeat 10 ms: drift per tick", peer, drift.perTick, "ns")
    }

    /// 3. n far-future timers: schedule and cancel (random order) ns/op, resident bytes per timer.
    private func scale(n: Int, random: inout SplitMix, run: Bool) {
        let delays = (0..<n).map { _ in Int64.random(in: 3_600_000_000_000...7_200_000_000_000, using: &random) }
        var order = (0..<Int32(n)).map { $0 }
        order.shuffle(using: &random)
        guard run else { return }
        let label = n >= 1_000_000 ? "\(n / 1_000_000)M" : "\(n / 1_000)k"
        let peers: [(String, ([Int64], [Int32]) -> ScaleResult?)] = [
            (Peer.floor, ScalePeers.floor),
            (Peer.libeventClock + Peer.byID, ScalePeers.libeventClockByID),
            (Peer.glibClock + Peer.byID, ScalePeers.glibClockByID),
            (Peer.dispatchClock + Peer.byID, ScalePeers.dispatchClockByID),
            (Peer.virtualClock + Peer.byID, ScalePeers.virtualClockByID),
            (Peer.libeventClock + Peer.byHandle, ScalePeers.libeventClock),
            (Peer.glibClock + Peer.byHandle, ScalePeers.glibClock),
            (Peer.dispatchClock + Peer.byHandle, ScalePeers.dispatchClock),
            (Peer.virtualClock + Peer.byHandle, ScalePeers.virtualClock),
            (Peer.rawLibevent, ScalePeers.rawLibevent),
            (Peer.rawGLibTimeoutAdd, ScalePeers.rawGLibTimeoutAdd), (Peer.rawGLibSource, ScalePeers.rawGLibSource),
            (Peer.rawDispatch, ScalePeers.rawDispatch),
            (Peer.nio, ScalePeers.nio),
        ]
        // The best of two rounds run in turn (one in a quick run): the first touch of fresh
        // memory (page faults) otherwise lands on whichever peer happens to run first.
        var best: [String: ScaleResult] = [:]
        for _ in 0..<(quick ? 1 : 2) {
            for (peer, body) in peers {
                // NIO cancels in time linear in the pending tasks (26 µs each at 100 k): a million
                // would take many minutes, so it is measured at 100 k only.
                if peer == Peer.nio && n > 100_000 { continue }
                guard let result = body(delays, order) else { continue }
                best[peer] = best[peer].map { $0.best(with: result) } ?? result
            }
        }
        for (peer, _) in peers {
            guard let result = best[peer] else { continue }
            report.add("\(label) timers: schedule", peer, Double(result.scheduleNanoseconds) / Double(n), "ns")
            report.add("\(label) timers: cancel", peer, Double(result.cancelNanoseconds) / Double(n), "ns")
            report.add("\(label) timers: bytes each", peer, Double(result.residentBytes) / Double(n), "B")
        }
    }

    /// 4. 100 000 timers due within 100 ms: fires per second, lag after the window, lateness p99.
    /// The window opens 500 ms after the start, so that every peer has scheduled all of its
    /// timers first: this measures firing, not scheduling (measured above).
    private func burst(random: inout SplitMix, run: Bool) {
        let n = quick ? 20_000 : 100_000
        let opens: Int64 = 500_000_000
        let window: Int64 = 100_000_000
        let delays = (0..<n).map { _ in opens + Int64.random(in: 0...window, using: &random) }
        guard run else { return }
        let peers: [(String, ([Int64]) -> [Int64])] = [
            (Peer.floor, OneShotPeers.floor), (Peer.libeventClock, OneShotPeers.libeventClock),
            (Peer.dispatchClock, OneShotPeers.dispatchClock), (Peer.rawLibevent, OneShotPeers.rawLibevent),
            (Peer.rawDispatch, OneShotPeers.rawDispatch), (Peer.nio, OneShotPeers.nio),
        ]
        var runs: [String: [(firesPerSecond: Double, lag: Double, p99: Double)]] = [:]
        var lateness: [String: [Int64]] = [:]
        for _ in 0..<rounds {
            for (peer, body) in peers {
                let fired = body(delays)
                guard let last = fired.max(), fired.count == n else { continue }
                let late = zip(fired, delays).map { $0 - $1 }
                lateness[peer, default: []] += late
                runs[peer, default: []].append(
                    (
                        Double(n) / (Double(max(1, last - opens)) / 1e9), Double(last - opens - window),
                        Double(Samples(late).p99)
                    ))
            }
        }
        for peer in peers.map(\.0) {
            guard let results = runs[peer], !results.isEmpty else { continue }
            report.add("burst: fires/s", peer, median(results.map(\.firesPerSecond)), "/s")
            report.add("burst: lag after window", peer, median(results.map(\.lag)), "ns")
            report.add("burst: lateness p99", peer, median(results.map(\.p99)), "ns")
            report.addDistribution("burst lateness", peer, Samples(lateness[peer, default: []]))
        }
    }

    /// 5. 10 000 countdowns started within a second: process wake-ups per second.
    private func coalescing(random: inout SplitMix, run: Bool) {
        let offsets = (0..<10_000).map { _ in Int64.random(in: 0...1_000_000_000, using: &random) }
        guard run else { return }
        let seconds = quick ? 2.0 : 5.0
        let measure = "coalescing: wake-ups/s"
        if let value = CoalescingPeers.libeventClock(offsets: offsets, leeway: .seconds(1), seconds: seconds) {
            report.add(measure, Peer.libeventClock + " (leeway 1 s)", value, "/s")
        }
        if let value = CoalescingPeers.libeventClock(offsets: offsets, leeway: .zero, seconds: seconds) {
            report.add(measure, Peer.libeventClock + " (no leeway)", value, "/s")
        }
        report.add(
            measure, Peer.dispatchClock + " (leeway 1 s)",
            CoalescingPeers.dispatchClock(offsets: offsets, leeway: .seconds(1), seconds: seconds), "/s")
        report.add(
            measure, Peer.rawDispatch + " (leeway 1 s)",
            CoalescingPeers.rawDispatch(offsets: offsets, leeway: 1_000, seconds: seconds), "/s")
        report.add(measure, Peer.nio, CoalescingPeers.nio(offsets: offsets, seconds: seconds), "/s")
    }

    /// 6. The virtual clock: fires/s over 1 M timers at random deadlines; a 60 s flow in-process.
    private func virtualClock(random: inout SplitMix, run: Bool) {
        let n = quick ? 200_000 : 1_000_000
        let delays = (0..<n).map { _ in Int64.random(in: 0...3_600_000_000_000, using: &random) }
        guard run else { return }
        report.add(
            "virtual: fires/s over \(n / 1_000)k timers", Peer.virtualClock, VirtualMeasures.firesPerSecond(delays),
            "/s")
        if let flow = VirtualMeasures.verificationFlow(runs: 200) {
            report.add("virtual: 60 s verification flow", Peer.virtualClock, flow, "ns")
        } else {
            // A row that silently went missing once (the flow stopped verifying): say it.
            FileHandle.standardError.write(Data("bench: the 60 s verification flow did not end verified\n".utf8))
        }
    }
}

/// SplitMix64: a seeded generator, so every peer gets the same delays in every run.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
