import Foundation
import HourglassTesting
import LineMode
import Testing

/// A subset of the fixtures on the real clocks (dispatch, libevent, glib), time-scaled by 0.05
/// (a minute in 3 s): the transcripts must be identical to the virtual clock's, byte for byte.
///
/// Tolerance: a countdown shows the boundary that the clock's measured time has reached, so a
/// transcript is identical as long as every timer fires less than one tick (1 s of script
/// time) late: 50 ms of real time at this scale, against the ~0.2 ms measured here at rest —
/// margin for a loaded 2-core CI machine running other suites in parallel (at 0.01 the margin
/// of 10 ms was seen exceeded once under that load). The subset covers countdowns, server
/// latency, suspension, restart and registration in about 5 s; `tools/fixtures-on-real-clocks`
/// runs them all. Under a sanitizer everything runs several times slower, and 50 ms was seen
/// exceeded there: `tools/stress` and `tools/leaks` set `LINEMODE_REAL_CLOCK_SCALE=0.25`
/// (a tick is then 250 ms of real time).
///
/// A machine can still stall a timer past a tick (seen once in a stress run of the whole suite:
/// a "45s" line missing, its neighbours exact). The clock then rightly shows the true time and
/// skips that boundary, and the transcript is the fixture less those lines. Such a run — one
/// whose transcript is the fixture with stamped screen lines left out, and nothing else — is
/// run again, up to three times in all; if every run stalled, the lines that were shown must
/// still be the fixture's, in order. Any other difference fails at once.
@Suite("linemode fixtures on the real clocks")
struct RealClockFixtureTests {
    static var subset: [String] {
        ProcessInfo.processInfo.environment["LINEMODE_REAL_CLOCK_FIXTURES"] == "all" ? FixtureTests.all : chosen
    }

    /// 0.05 unless `LINEMODE_REAL_CLOCK_SCALE` says otherwise.
    static var timeScale: Double {
        ProcessInfo.processInfo.environment["LINEMODE_REAL_CLOCK_SCALE"].flatMap(Double.init) ?? 0.05
    }

    static let chosen = [
        "verification-happy-path.en.txt", "verification-suspension.zh-Hans.txt",
        "verification-restart-state-dir.en.txt",
        "verification-wrong-code.zh-Hans.txt", "verification-rate-limited.en.txt",
        "registration-happy-path.zh-Hans.txt",
    ]

    @Test("the same transcript on dispatch", arguments: subset)
    func dispatch(name: String) async throws {
        try await FixtureTests.onOwnThread { try Self.check(name, clock: .dispatch) }
    }

    @Test("the same transcript on libevent", arguments: subset)
    func libevent(name: String) async throws {
        try await FixtureTests.onOwnThread { try Self.check(name, clock: .libevent) }
    }

    @Test("the same transcript on glib", arguments: subset)
    func glib(name: String) async throws {
        try await FixtureTests.onOwnThread { try Self.check(name, clock: .glib) }
    }

    /// Runs fixture `name` on a real clock: identical, or stalled three times (see the suite).
    static func check(_ name: String, clock: ClockChoice, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try String(contentsOf: FixtureTests.directory.appendingPathComponent(name), encoding: .utf8)
        let fixture = try Fixture(text: expected, directory: FixtureTests.directory)
        for _ in 1...3 {
            let actual = try fixture.transcript(clock: clock, timeScale: timeScale)
            if actual == expected { return }
            guard isStalled(actual, expected) else {
                let diff = UnifiedDiff.make(from: expected, to: actual, oldName: "Fixtures/\(name)")
                Issue.record("\(name) differs on the \(clock) clock:\n\(diff)", sourceLocation: sourceLocation)
                return
            }
        }
    }

    /// Whether `actual` is `expected` with some stamped screen lines left out — each one a value
    /// that a later line of the same control replaces, as a skipped countdown tick is — and
    /// nothing else.
    static func isStalled(_ actual: String, _ expected: String) -> Bool {
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        var shown = actual.split(separator: "\n", omittingEmptySubsequences: false)[...]
        for (index, line) in expectedLines.enumerated() {
            if shown.first == line {
                shown = shown.dropFirst()
            } else if !line.hasPrefix("[")
                || !expectedLines[(index + 1)...].contains(where: { control($0) == control(line) })
            {
                return false
            }
        }
        return shown.isEmpty
    }

    /// "send" in "[  15.300] send: [Resend in 45s] …"; nil for an unstamped line.
    private static func control(_ line: Substring) -> Substring? {
        guard line.hasPrefix("["), let end = line.range(of: "] ") else { return nil }
        let rest = line[end.upperBound...]
        return rest.range(of: ": ").map { rest[..<$0.lowerBound] } ?? rest
    }

    @Test("a stalled run is told from a wrong one")
    func stallDetection() {
        let expected =
            "show\n[   1.000] send: [Resend in 59s]\n[   2.000] send: [Resend in 58s]\n[   3.000] send: [Resend in 57s]\n"
        #expect(
            Self.isStalled(expected.replacingOccurrences(of: "[   2.000] send: [Resend in 58s]\n", with: ""), expected))
        #expect(!Self.isStalled(expected.replacingOccurrences(of: "58s", with: "57s"), expected))
        #expect(!Self.isStalled(expected.replacingOccurrences(of: "show\n", with: ""), expected))
        #expect(!Self.isStalled(expected + "[   4.000] send: [Resend in 56s]\n", expected))
        // The last value of a control is never skipped: a later line must replace a missing one.
        #expect(
            !Self.isStalled(expected.replacingOccurrences(of: "[   3.000] send: [Resend in 57s]\n", with: ""), expected)
        )
    }

    @Test(
        "the executable on libevent and glib prints the fixture, which names its secrets, as it is",
        arguments: ["libevent", "glib"])
    func executableMasksSecrets(clock: String) async throws {
        let path = FixtureTests.directory.appendingPathComponent("registration-happy-path.en.txt").path
        let run = try await LinemodeProcess.runOffPool([
            "--clock", clock, "--time-scale", "0.05", "--screen", "registration", path,
        ])
        #expect(run.status == 0)
        let fixture = try String(contentsOfFile: path, encoding: .utf8)
        #expect(fixture.contains("type password $new-password\n"))
        #expect(run.stdout == fixture)
        #expect(!run.stdout.contains("horse"))
    }
}
