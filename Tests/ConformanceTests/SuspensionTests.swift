import Foundation
import Testing

/// A real process suspension: `hourglass-demo` runs a 7 s countdown in a child process,
/// which is stopped with SIGSTOP for 3 s right after its "5s left" tick and then continued.
///
/// Tolerances: the first line after SIGCONT must arrive within 0.5 s (the child only has to
/// be scheduled and its wake-up delivered; 0.5 s leaves room for a loaded 2-core CI machine)
/// and the one after it no sooner than 0.5 s later (a burst of stale ticks would arrive
/// within milliseconds). The values shown are exact: they come from the deadline.
@Suite("A real suspension (SIGSTOP) on the real clocks")
struct SuspensionTests {
    @Test("after SIGSTOP for 3 s the next tick shows 3 s less at once, with no burst", arguments: ["dispatch", "libevent"])
    func stoppedChildCatchesUp(clock: String) async throws {
        let child = try ChildProcess(ChildProcess.product("hourglass-demo"), arguments: ["--clock", clock, "--seconds", "7"])
        let beforeStop = try #require(await child.waitForLine { $0.contains("] 5s left") })
        child.send(SIGSTOP)
        try await Task.sleep(for: .seconds(3))
        let continued = ContinuousClock.now
        child.send(SIGCONT)
        #expect(await child.finish() == 0)

        let lines = child.lines
        let afterStop = lines.drop { $0.arrived <= beforeStop.arrived }.filter { $0.text.contains(" left") }
        #expect(afterStop.map { Self.secondsLeft($0.text) } == [2, 1, 0])
        #expect(afterStop.first?.text.contains("2 ticks skipped after a stall") == true)
        let first = try #require(afterStop.first)
        #expect(first.arrived - continued < .milliseconds(500))
        if afterStop.count > 1 {
            #expect(afterStop[1].arrived - first.arrived > .milliseconds(500))
        }
        #expect(lines.filter { $0.text.contains("finished") }.count == 1)
    }

    /// The seconds in a line such as "[+5.001s] 2s left (late 0.2 ms)".
    private static func secondsLeft(_ line: String) -> Int? {
        guard let bracket = line.firstIndex(of: "]") else { return nil }
        let rest = line[line.index(after: bracket)...].drop { $0 == " " }
        return Int(rest.prefix { $0.isNumber })
    }
}
