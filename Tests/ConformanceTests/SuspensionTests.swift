import Foundation
import Testing

/// A real process suspension: `hourglass-demo` runs a 7 s countdown in a child process,
/// which is stopped with SIGSTOP for (at least) 3 s once its "5s left" tick has been read,
/// and then continued.
///
/// Tolerances: the first line after SIGCONT must arrive within 0.5 s (the child only has to
/// be scheduled and its wake-up delivered; 0.5 s leaves room for a loaded 2-core CI machine)
/// and show the time left read from the deadline at the child's own clock reading, at least
/// 3 s less than before the stop; the lines after it count down by one with no burst (none
/// within 100 ms of the one before — a burst of stale ticks would come within microseconds).
/// How long the stop really lasts depends on the machine, so the expected value is computed
/// from the time the child prints, not assumed.
@Suite("A real suspension (SIGSTOP) on the real clocks")
struct SuspensionTests {
    @Test(
        "after SIGSTOP the next tick shows the true time left at once, with no burst",
        arguments: ["dispatch", "libevent"])
    func stoppedChildCatchesUp(clock: String) async throws {
        let child = try ChildProcess(
            ChildProcess.product("hourglass-demo"), arguments: ["--clock", clock, "--seconds", "7"])
        let beforeStop = try #require(await child.waitForLine { $0.contains("] 5s left") })
        child.send(SIGSTOP)
        try await Task.sleep(for: .seconds(3))
        let continued = ContinuousClock.now
        child.send(SIGCONT)
        #expect(await child.finish() == 0)

        let lines = child.lines
        // The first tick after the stop is the one whose own time stamp jumps by more than 2 s
        // (ticks are 1 s apart). Found by the child's stamps, not by arrival: on a loaded
        // machine this process can read "5s left" late, after the child printed more ticks.
        let ticks = lines.drop { $0.arrived < beforeStop.arrived }.filter { $0.text.contains(" left") }
        let stamps = ticks.map { Self.parse($0.text)?.elapsed ?? 0 }
        let firstAfterStop = try #require(stamps.indices.dropFirst().first { stamps[$0] - stamps[$0 - 1] > 2 })
        let afterStop = Array(ticks[firstAfterStop...])
        let first = try #require(afterStop.first)
        let (elapsed, shown) = try #require(Self.parse(first.text))
        let expected = Int((7 - elapsed).rounded(.up))
        #expect(shown == expected)
        #expect(shown <= 2)
        #expect(first.text.contains("ticks skipped after a stall"))
        #expect(first.arrived - continued < .milliseconds(500))
        #expect(afterStop.compactMap { Self.parse($0.text)?.left } == Array((0...shown).reversed()))
        for (earlier, later) in zip(afterStop, afterStop.dropFirst()) {
            #expect(later.arrived - earlier.arrived > .milliseconds(100))
        }
        #expect(lines.filter { $0.text.contains("finished") }.count == 1)
    }

    /// The child's elapsed time and the seconds left in "[+5.001s] 2s left (late 0.2 ms)".
    private static func parse(_ line: String) -> (elapsed: Double, left: Int)? {
        guard line.hasPrefix("[+"), let end = line.firstIndex(of: "]") else { return nil }
        let stamp = line[line.index(line.startIndex, offsetBy: 2)..<end].dropLast()
        let rest = line[line.index(after: end)...].drop { $0 == " " }
        guard let elapsed = Double(stamp), let left = Int(rest.prefix { $0.isNumber }) else { return nil }
        return (elapsed, left)
    }
}
