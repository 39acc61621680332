import Foundation
import HourglassLineMode
import HourglassTesting
import Testing

/// A subset of the fixtures on the real clocks (dispatch, libevent, glib), time-scaled by 0.05
/// (a minute in 3 s): the transcripts must be identical to the virtual clock's, byte for byte.
///
/// A countdown shows the boundary that the clock's measured time has reached, so a transcript is
/// identical as long as every timer fires less than a tick (1 s of script time) late: 50 ms of
/// real time at this scale, against the ~0.2 ms measured at rest. The subset covers countdowns,
/// server latency, suspension, restart and registration in about 5 s;
/// `tools/fixtures-on-real-clocks` runs them all (`HOURGLASS_REAL_CLOCK_FIXTURES=all`), and
/// `HOURGLASS_REAL_CLOCK_SCALE` sets another scale (sanitizer runs use 0.25).
///
/// A loaded machine can still fall behind. The runner measures that itself: a run in which a
/// timer or a step started a whole tick late or more throws ``ClockStalled`` with its transcript. Such a run
/// passes if its transcript is the fixture anyway, and is otherwise run again at four times the
/// scale, twice at most. A run that differs without a stall fails at once; nothing is guessed
/// from the transcript.
@Suite("linemode fixtures on the real clocks")
struct RealClockFixtureTests {
    static var subset: [String] {
        ProcessInfo.processInfo.environment["HOURGLASS_REAL_CLOCK_FIXTURES"] == "all" ? FixtureTests.all : chosen
    }

    /// 0.05 unless `HOURGLASS_REAL_CLOCK_SCALE` says otherwise.
    static var timeScale: Double {
        ProcessInfo.processInfo.environment["HOURGLASS_REAL_CLOCK_SCALE"].flatMap(Double.init) ?? 0.05
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

    /// Runs fixture `name` on a real clock and compares (see the suite).
    static func check(_ name: String, clock: ClockChoice, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try String(contentsOf: FixtureTests.directory.appendingPathComponent(name), encoding: .utf8)
        let fixture = try Fixture(text: expected, directory: FixtureTests.directory)
        if let problem = try problem(running: fixture, on: clock, expected: expected, name: name) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    /// What is wrong with `fixture`'s transcript on a real clock, or nil: a run that differs
    /// without a stall, or three runs that stalled and differ, at 1, 4 and 16 times the scale.
    static func problem(running fixture: Fixture, on clock: ClockChoice, expected: String, name: String) throws
        -> String?
    {
        var scale = timeScale
        var stalls: [ClockStalled] = []
        while stalls.count < 3 {
            let actual: String
            do {
                actual = try fixture.transcript(clock: clock, timeScale: scale)
            } catch let stall as ClockStalled {
                if stall.transcript == expected { return nil }
                stalls.append(stall)
                scale *= 4
                continue
            }
            guard actual != expected else { return nil }
            let diff = UnifiedDiff.make(from: expected, to: actual, oldName: "Fixtures/\(name)")
            let after = stalls.isEmpty ? "" : " after \(stalls.count) stalled run(s)"
            return "\(name) differs on the \(clock) clock at --time-scale \(scale)\(after), with no stall:\n\(diff)"
        }
        return "\(name) stalled on the \(clock) clock at every scale tried: "
            + stalls.map(\.description).joined(separator: "; ")
    }

    @Test(
        "the executable on libevent and glib prints the fixture, which names its secrets, as it is",
        arguments: ["libevent", "glib"])
    func executableMasksSecrets(clock: String) async throws {
        let path = FixtureTests.directory.appendingPathComponent("registration-happy-path.en.txt").path
        let fixture = try String(contentsOfFile: path, encoding: .utf8)
        // A run that fell behind exits with 5 and says so; it is run again slower (see the suite).
        var scale = Self.timeScale
        var run = try await LinemodeProcess.runOffPool([
            "--clock", clock, "--time-scale", "\(scale)", "--screen", "registration", path,
        ])
        for _ in 1..<3 where run.status == LineModeExit.clockStalled && run.stdout != fixture {
            #expect(run.stderr.contains("the clock fell behind"))
            scale *= 4
            run = try await LinemodeProcess.runOffPool([
                "--clock", clock, "--time-scale", "\(scale)", "--screen", "registration", path,
            ])
        }
        #expect(run.status == 0 || run.status == LineModeExit.clockStalled)
        #expect(fixture.contains("type password $new-password\n"))
        #expect(run.stdout == fixture)
        #expect(!run.stdout.contains("horse"))
    }
}
