import Foundation
import TestSupport
import Testing

/// A real process suspension: `hourglass-demo` runs a 7 s countdown in a child process, which
/// stops itself with SIGSTOP 0.3 s after its "5s left" tick (while its clock waits for the
/// next deadline) and is continued by this test at least 3 s after it said so.
///
/// The promise checked: the first tick after the stop shows the true time left, and no stale
/// tick comes in a burst. Everything is read from the child's own lines — its clock readings,
/// how late each tick fired, how many boundaries it skipped — never from when this process
/// happened to read them, so a loaded machine cannot make a correct run fail: it can only make
/// the stop longer, which the checks allow for.
@Suite("A real suspension (SIGSTOP) on the real clocks")
struct SuspensionTests {
    @Test(
        "after SIGSTOP the next tick shows the true time left at once, with no burst",
        arguments: ["dispatch", "libevent", "glib"])
    func stoppedChildCatchesUp(clock: String) async throws {
        let child = try ChildProcess(
            ChildProcess.product("hourglass-demo"), arguments: ["--clock", clock, "--seconds", "7", "--stop-at", "5"])
        let stopping = try #require(await child.waitForLine { $0.contains("stopping the process (SIGSTOP)") })
        try await Task.sleep(for: .seconds(3))
        child.send(SIGCONT)
        #expect(await child.finish() == 0)

        let texts = child.lines.map(\.text)
        let stoppedAt = try #require(Self.elapsed(stopping.text))
        let stopIndex = try #require(texts.firstIndex(of: stopping.text))
        let before = texts[..<stopIndex].compactMap(Self.tick)
        let after = texts[(stopIndex + 1)...].compactMap(Self.tick)
        #expect(before.map(\.left) == [6, 5])
        let first = try #require(after.first)
        // The child was stopped for at least the 3 s this test slept after reading its line.
        #expect(first.elapsed - stoppedAt >= 2.999)
        #expect(first.skipped >= 1)
        #expect(first.left <= 2)
        // Every tick shows the boundary that was last crossed when it fired, less than a tick
        // before: the time left, not a stale value (the last one, 0, may come any time after the
        // end if the stop outlasted the countdown); no tick is repeated or left out after it.
        for tick in after {
            let fresh = tick.lateMilliseconds >= 0 && (tick.left == 0 || tick.lateMilliseconds < 1_000)
            #expect(fresh, "\(tick) in:\n\(texts.joined(separator: "\n"))")
        }
        #expect(after.map(\.left) == Array((0...first.left).reversed()))
        #expect(after.dropFirst().allSatisfy { $0.skipped == 0 })
        #expect(texts.filter { $0.contains("finished") }.count == 1)
    }

    /// One countdown line of the child: "[+5.301s] 2s left, 2 ticks skipped after a stall (late 301.042 ms)".
    struct Tick: CustomStringConvertible {
        var elapsed: Double
        var left: Int
        var skipped: Int
        var lateMilliseconds: Double
        var description: String { "+\(elapsed)s \(left)s left, \(skipped) skipped, late \(lateMilliseconds) ms" }
    }

    private static func tick(_ line: String) -> Tick? {
        guard let elapsed = elapsed(line), let end = line.firstIndex(of: "]") else { return nil }
        let rest = line[line.index(after: end)...].drop { $0 == " " }
        guard let left = Int(rest.prefix { $0.isNumber }), rest.dropFirst(String(left).count).hasPrefix("s left")
        else { return nil }
        let skipped = rest.range(of: ", ").map { Int(rest[$0.upperBound...].prefix { $0.isNumber }) ?? 0 } ?? 0
        guard let late = rest.range(of: "(late ") else { return nil }
        guard let milliseconds = Double(rest[late.upperBound...].prefix { $0.isNumber || $0 == "." }) else {
            return nil
        }
        return Tick(elapsed: elapsed, left: left, skipped: skipped, lateMilliseconds: milliseconds)
    }

    /// The child's elapsed time in "[+5.001s] …".
    private static func elapsed(_ line: String) -> Double? {
        guard line.hasPrefix("[+"), let end = line.firstIndex(of: "]") else { return nil }
        return Double(line[line.index(line.startIndex, offsetBy: 2)..<end].dropLast())
    }
}
