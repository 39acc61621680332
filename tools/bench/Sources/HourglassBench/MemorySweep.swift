import Foundation
import Hourglass
import HourglassDispatch

/// Bytes a pending timer holds at many counts, not only the two the scale rows sample: growth
/// by steps leaves a different share of every array idle at each count, so a figure at 100 k
/// or 1 M alone says little about the next count. `--memory-sweep [--from N] [--to N]
/// [--steps N]` prints, for counts spaced evenly on a log scale, the bytes a timer on a
/// `DispatchClock` by `TimerID` and by `TimerHandle` and on a `VirtualClock` by handle (as
/// the scale rows count them), then the largest and the mean of each column.
enum MemorySweep {
    static func run(from lowest: Int, to highest: Int, steps: Int) {
        let counts = (0...steps).map { step in
            Int((Double(lowest) * pow(Double(highest) / Double(lowest), Double(step) / Double(steps))).rounded())
        }
        var columns: [[Double]] = [[], [], []]
        print("timers     by ID (B)  by handle (B)  virtual, by handle (B)")
        for count in counts {
            var random = SplitMix(seed: 42)
            let delays = (0..<count).map { _ in
                Int64.random(in: 3_600_000_000_000...7_200_000_000_000, using: &random)
            }
            let order = (0..<Int32(count)).map { $0 }
            let figures = [
                bytesEach(ScalePeers.dispatchClockByID(delays, order), count),
                bytesEach(ScalePeers.dispatchClock(delays, order), count),
                bytesEach(ScalePeers.virtualClock(delays, order), count),
            ]
            for (column, figure) in figures.enumerated() { columns[column].append(figure) }
            print(
                String(count).padding(toLength: 11, withPad: " ", startingAt: 0)
                    + figures.map(cell).joined())
        }
        print("largest    " + columns.map { cell($0.max() ?? 0) }.joined())
        print("mean       " + columns.map { cell($0.reduce(0, +) / Double($0.count)) }.joined())
    }

    private static func bytesEach(_ result: ScaleResult, _ count: Int) -> Double {
        Double(result.residentBytes) / Double(count)
    }

    /// A figure with one decimal, in a column 15 wide.
    private static func cell(_ value: Double) -> String {
        String(format: "%.1f", value).padding(toLength: 15, withPad: " ", startingAt: 0)
    }
}
