import Foundation

/// `hourglass-bench`: every figure for every peer in one release run; prints a table (with
/// each figure's ratio to the C floor of the same measure) and writes JSON.
///   hourglass-bench [--quick] [--cold] [--only MEASURE,…] [--json PATH]
/// Measures: one-shot, repeat, scale, burst, coalescing, virtual; and, only when asked for
/// with `--only`, repeat-60s (a minute long); and cold (the scale rows, each in a fresh
/// process) with `--cold` or `--only cold`.
@main
enum HourglassBench {
    static func main() async {
        let arguments = CommandLine.arguments
        let quick = arguments.contains("--quick")
        let json = value(after: "--json", in: arguments)
        if let key = value(after: "--cold-row", in: arguments) {
            // One cold row, run by the parent in a fresh process (ColdScale).
            let count = count(in: arguments, default: 100_000)
            let rounds = value(after: "--rounds", in: arguments).flatMap(Int.init) ?? 1
            exit(ColdScale.runRow(key: key, count: count, rounds: rounds) ? 0 : 1)
        }
        if arguments.contains("--memory-sweep") {
            let from = value(after: "--from", in: arguments).flatMap(Int.init) ?? 10_000
            let to = value(after: "--to", in: arguments).flatMap(Int.init) ?? 1_000_000
            let steps = value(after: "--steps", in: arguments).flatMap(Int.init) ?? 40
            guard from >= 1, to >= from, to <= 100_000_000, steps >= 1 else {
                fail("--memory-sweep needs 1 <= --from <= --to <= 100000000 and --steps >= 1")
            }
            MemorySweep.run(from: from, to: to, steps: steps)
            return
        }
        if arguments.contains("--profile-drain") {
            let count = count(in: arguments, default: 100_000)
            guard count > 1_000 else { fail("--profile-drain needs a --count above 1000") }
            DrainProfile.run(count: count)
            return
        }
        if arguments.contains("--profile-schedule") {
            // For `valgrind --tool=callgrind`: 100 000 one-shots (`--count N`) scheduled and
            // cancelled on a VirtualClock (`--clock libevent|dispatch`), nothing else; by TimerID
            // with `--by-id`.
            let count = count(in: arguments, default: 100_000)
            var random = SplitMix(seed: 42)
            let delays = (0..<count).map { _ in Int64.random(in: 3_600_000_000_000...7_200_000_000_000, using: &random)
            }
            var order = (0..<Int32(count)).map { $0 }
            order.shuffle(using: &random)
            switch (value(after: "--clock", in: arguments) ?? "virtual", arguments.contains("--by-id")) {
            case ("libevent", true): _ = ScalePeers.libeventClockByID(delays, order)
            case ("libevent", false): _ = ScalePeers.libeventClock(delays, order)
            case ("dispatch", true): _ = ScalePeers.dispatchClockByID(delays, order)
            case ("dispatch", false): _ = ScalePeers.dispatchClock(delays, order)
            case (_, true): _ = ScalePeers.virtualClockByID(delays, order)
            case (_, false): _ = ScalePeers.virtualClock(delays, order)
            }
            return
        }
        let only = Set(value(after: "--only", in: arguments)?.split(separator: ",").map(String.init) ?? [])
        if let unknown = only.first(where: { !BenchmarkRun.measures.contains($0) }) {
            fail("unknown measure '\(unknown)'; use \(BenchmarkRun.measures.joined(separator: ", "))")
        }
        if arguments.contains("--profile-flow") {
            // For callgrind: `--count N` whole 60 s verification flows on a VirtualClock.
            let count = count(in: arguments, default: 1_000)
            print(VirtualMeasures.verificationFlow(runs: count) ?? .nan)
            return
        }
        if arguments.contains("--profile-virtual") {
            // For callgrind: 100 000 one-shots (`--count N`) at random deadlines run by a VirtualClock.
            let count = count(in: arguments, default: 100_000)
            var random = SplitMix(seed: 42)
            let delays = (0..<count).map { _ in Int64.random(in: 0...3_600_000_000_000, using: &random) }
            print(VirtualMeasures.firesPerSecond(delays))
            return
        }
        let report = Report()
        let cold = arguments.contains("--cold") || only.contains("cold")
        await BenchmarkRun(quick: quick, report: report, only: only, cold: cold).run()
        report.computeRatios()
        let machine = Machine.describe()
        print("Hourglass benchmark — \(machine)\(quick ? " — quick run" : "")\n")
        report.printTable()
        if let json {
            do { try report.writeJSON(to: json, machine: machine) } catch {
                FileHandle.standardError.write(Data("hourglass-bench: cannot write \(json): \(error)\n".utf8))
                exit(1)
            }
        }
    }
}

/// The value of `--count`: `fallback` without one; exits 2 unless it is a number from 1 to
/// 10 000 000.
private func count(in arguments: [String], default fallback: Int) -> Int {
    guard let text = value(after: "--count", in: arguments) else { return fallback }
    guard let count = Int(text), (1...10_000_000).contains(count) else {
        fail("--count needs a number from 1 to 10000000, not '\(text)'")
    }
    return count
}

/// Says what was wrong with the command line and exits 2.
private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("hourglass-bench: \(message)\n".utf8))
    exit(2)
}

/// The argument after `option`, if both are there.
private func value(after option: String, in arguments: [String]) -> String? {
    arguments.firstIndex(of: option).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}

/// The machine the figures come from.
enum Machine {
    static func describe() -> String {
        let cpu =
            (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
            ?? "unknown CPU"
        let memory = ProcessInfo.processInfo.physicalMemory / 1_073_741_824
        return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory) GiB"
    }
}
