import Foundation
import LineMode
import Testing

/// A subset of the fixtures on the real clocks, time-scaled by 0.05 (a minute in 3 s): the
/// transcripts must be identical to the virtual clock's, byte for byte.
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
        try await FixtureTests.onOwnThread { try FixtureTests.check(name, clock: .dispatch, timeScale: Self.timeScale) }
    }

    @Test("the same transcript on libevent", arguments: subset)
    func libevent(name: String) async throws {
        try await FixtureTests.onOwnThread { try FixtureTests.check(name, clock: .libevent, timeScale: Self.timeScale) }
    }

    @Test("the executable on libevent prints the fixture with its secrets masked")
    func executableMasksSecrets() async throws {
        let path = FixtureTests.directory.appendingPathComponent("registration-happy-path.en.txt").path
        let run = try await LinemodeProcess.runOffPool([
            "--clock", "libevent", "--time-scale", "0.05", "--screen", "registration", path,
        ])
        #expect(run.status == 0)
        let fixture = try String(contentsOfFile: path, encoding: .utf8)
        let expected = fixture.replacingOccurrences(
            of: "type password correct horse battery", with: "type password •••••••••••••••••••••"
        )
        .replacingOccurrences(of: "type confirm correct horse battery", with: "type confirm •••••••••••••••••••••")
        #expect(run.stdout == expected)
        #expect(!run.stdout.contains("horse"))
    }
}
