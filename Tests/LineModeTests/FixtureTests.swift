import Foundation
import HourglassLineMode
import HourglassTesting
import Testing

/// Every file in `Fixtures/` is a linemode transcript; this suite runs each one and compares.
///
/// A mismatch fails with a unified diff. The record switch is the one every transcript test
/// reads, `HOURGLASS_RECORD` (``TranscriptRecordMode``): `failed` or `all` rewrites the files from
/// what the code prints now (`tools/record-fixtures`): read every changed line before committing.
/// A fixture with no output yet is recorded when run locally (the default mode, `missing`), and
/// fails (unwritten) when `CI` is set or the mode is `never`. A file in `Fixtures/` that is not a `.txt` fixture fails the suite: nothing may sit
/// there unrun.
@Suite("linemode fixtures")
struct FixtureTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static var all: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".txt") }.sorted()
    }

    @Test("every fixture's transcript is reproduced exactly on the virtual clock", arguments: all)
    func virtualClock(name: String) throws {
        try Self.check(name, clock: .virtual)
    }

    /// Runs `body` on a thread of its own: a real-clock run blocks its thread for seconds,
    /// which must not starve Swift Testing's cooperative pool (2 threads on a 2-core machine).
    static func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    @Test("there are at least 30 fixtures, in both locales, and nothing else in Fixtures/ but their secrets")
    func inventory() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).sorted()
        let strays = names.filter { !$0.hasSuffix(".txt") && $0 != "fixtures.secrets" }
        #expect(strays == [], "files in Fixtures/ that no test runs: \(strays)")
        let texts = try Self.all.map {
            try String(contentsOf: Self.directory.appendingPathComponent($0), encoding: .utf8)
        }
        #expect(texts.count >= 30)
        #expect(
            texts.filter { $0.hasPrefix("# linemode") && $0.split(separator: "\n")[0].contains("--locale zh-Hans") }
                .count >= 15)
        #expect(texts.filter { $0.split(separator: "\n")[0].contains("--locale en") }.count >= 15)
    }

    /// Runs fixture `name` on `clock` and compares (or records, see the suite's note).
    static func check(
        _ name: String, clock: ClockChoice, timeScale: Double = 0.05, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        if let problem = try problem(with: name, clock: clock, timeScale: timeScale) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    /// What is wrong with fixture `name` in `directory` on `clock`, or nil. On the virtual clock,
    /// records (writes the file) as ``TranscriptRecordMode/current`` says: a fixture with no output
    /// yet unless the mode is `never` (always under CI), and one that differs when it is `failed`
    /// or `all`; a recording is still reported, so that it gets read.
    static func problem(
        with name: String, clock: ClockChoice, timeScale: Double = 0.05, in directory: URL = directory,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> String? {
        let file = directory.appendingPathComponent(name)
        let expected = try String(contentsOf: file, encoding: .utf8)
        let fixture = try Fixture(text: expected, directory: directory)
        let actual = try fixture.transcript(clock: clock, timeScale: timeScale)
        let mode = TranscriptRecordMode.current(explicit: nil, environment: environment)
        if clock == .virtual && !fixture.hasExpectedOutput {
            guard mode != .never else {
                return "\(name) has no expected output; record it locally (tools/record-fixtures) and commit it"
            }
            try actual.write(to: file, atomically: true, encoding: .utf8)
            return "\(name) was recorded; read it and run the tests again"
        }
        guard actual != expected else { return nil }
        if clock == .virtual && (mode == .failed || mode == .all) {
            try actual.write(to: file, atomically: true, encoding: .utf8)
            return "\(name) differed and is recorded now; read the diff and run the tests again:\n"
                + UnifiedDiff.make(from: expected, to: actual, oldName: "Fixtures/\(name)", newName: "actual")
        }
        return
            "\(name) differs on the \(clock) clock:\n"
            + UnifiedDiff.make(from: expected, to: actual, oldName: "Fixtures/\(name)", newName: "actual")
    }

    @Test("a fixture without output fails under CI and is not written; locally it is recorded and fails once")
    func missingOutput() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("new.en.txt")
        let script = "# linemode --screen verification --locale en\ntype destination +8613812345678\n"
        try script.write(to: file, atomically: true, encoding: .utf8)
        #expect(
            try Self.problem(with: "new.en.txt", clock: .virtual, in: directory, environment: ["CI": "true"])
                == "new.en.txt has no expected output; record it locally (tools/record-fixtures) and commit it")
        #expect(try String(contentsOf: file, encoding: .utf8) == script)
        #expect(
            try Self.problem(with: "new.en.txt", clock: .virtual, in: directory, environment: [:])
                == "new.en.txt was recorded; read it and run the tests again")
        #expect(
            try String(contentsOf: file, encoding: .utf8) == """
                # linemode --screen verification --locale en
                [   0.000] destination: ""
                [   0.000] region: none
                [   0.000] send: [Get code] (disabled)
                [   0.000] code: "" (disabled)
                [   0.000] verify: [Verify] (disabled)
                type destination +8613812345678
                [   0.000] destination: "+86 138 1234 5678"
                [   0.000] region: 🇨🇳 China +86
                [   0.000] send: [Get code]

                """)
        #expect(
            try Self.problem(with: "new.en.txt", clock: .virtual, in: directory, environment: ["CI": "true"]) == nil)
    }
}
