import Foundation
import Testing

@testable import HourglassTesting

@Suite("Transcript snapshots: compare, record modes, CI")
struct TranscriptSnapshotTests {
    /// A fresh directory for one test's files.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("transcripts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let old = "[   0.000] send: [Get code]\n"
    static let new = "[   0.000] send: [Get code] (disabled)\n"
    static let diff =
        "--- flow.txt\n+++ actual\n@@ -1 +1 @@\n-[   0.000] send: [Get code]\n+[   0.000] send: [Get code] (disabled)\n"

    @Test(
        "a missing file: written unless the mode is never, and the test fails either way",
        arguments: TranscriptRecordMode.allCases)
    func missing(mode: TranscriptRecordMode) throws {
        let url = try Self.directory().appendingPathComponent("flow.txt")
        let problem = try TranscriptSnapshot.problem(with: Self.new, file: url, mode: mode)
        if mode == .never {
            #expect(problem == "flow.txt is missing; record it locally (HOURGLASS_RECORD=missing) and commit it")
            #expect(!FileManager.default.fileExists(atPath: url.path))
        } else {
            #expect(problem == "flow.txt was missing and is recorded now; read it and run the test again")
            #expect(try String(contentsOf: url, encoding: .utf8) == Self.new)
        }
    }

    @Test(
        "a different file: all and failed rewrite it, missing and never leave it; each fails with the diff",
        arguments: TranscriptRecordMode.allCases)
    func different(mode: TranscriptRecordMode) throws {
        let url = try Self.directory().appendingPathComponent("flow.txt")
        try Self.old.write(to: url, atomically: true, encoding: .utf8)
        let problem = try TranscriptSnapshot.problem(with: Self.new, file: url, mode: mode)
        let rewrites = mode == .all || mode == .failed
        #expect(
            problem
                == (rewrites
                    ? "flow.txt differed and is recorded now; read the diff and run the test again:\n" + Self.diff
                    : "flow.txt differs:\n" + Self.diff))
        #expect(try String(contentsOf: url, encoding: .utf8) == (rewrites ? Self.new : Self.old))
    }

    @Test("an equal file passes and is not touched, in every mode", arguments: TranscriptRecordMode.allCases)
    func equal(mode: TranscriptRecordMode) throws {
        let url = try Self.directory().appendingPathComponent("flow.txt")
        try Self.old.write(to: url, atomically: true, encoding: .utf8)
        let written = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
        #expect(try TranscriptSnapshot.problem(with: Self.old, file: url, mode: mode) == nil)
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date == written)
    }

    @Test("the mode: argument, then trait, then HOURGLASS_RECORD, then missing; CI forces never")
    func precedence() {
        #expect(TranscriptRecordMode.current(explicit: nil, environment: [:]) == .missing)
        #expect(TranscriptRecordMode.current(explicit: nil, environment: ["HOURGLASS_RECORD": "failed"]) == .failed)
        #expect(TranscriptRecordMode.current(explicit: nil, environment: ["HOURGLASS_RECORD": "bogus"]) == .missing)
        // A value that is no mode is said, not read as `missing` in silence.
        #expect(
            TranscriptRecordMode.environmentProblem(environment: ["HOURGLASS_RECORD": "true"])
                == "HOURGLASS_RECORD=true is not a record mode; set it to all, missing, failed or never")
        #expect(TranscriptRecordMode.environmentProblem(environment: ["HOURGLASS_RECORD": "all"]) == nil)
        #expect(TranscriptRecordMode.environmentProblem(environment: [:]) == nil)
        #expect(TranscriptRecordMode.current(explicit: .all, environment: ["HOURGLASS_RECORD": "failed"]) == .all)
        #expect(TranscriptRecordMode.current(explicit: .all, environment: ["CI": "true"]) == .never)
        #expect(TranscriptRecordMode.current(explicit: .all, environment: ["CI": "false"]) == .all)
        TranscriptRecordMode.$scoped.withValue(.all) {
            #expect(TranscriptRecordMode.current(explicit: nil, environment: ["HOURGLASS_RECORD": "never"]) == .all)
            #expect(TranscriptRecordMode.current(explicit: .never, environment: [:]) == .never)
        }
    }

    @Test("the trait sets the mode for the test", .transcriptRecording(.failed))
    func trait() {
        #expect(TranscriptRecordMode.current(explicit: nil, environment: [:]) == .failed)
        // The public mode, for other test runners, reads the same trait and the process's CI.
        let environment = ProcessInfo.processInfo.environment
        let underCI = environment["CI"].map { !$0.isEmpty && $0 != "false" && $0 != "0" } ?? false
        #expect(TranscriptRecordMode.current == (underCI ? .never : .failed))
    }

    @Test("assertTranscript fails with the diff on a mismatch, inline or against a file (never mode)")
    func assertions() throws {
        withKnownIssue {
            assertTranscript(Self.new, equals: Self.old)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                "the transcript differs:\n" + Self.diff.replacingOccurrences(of: "flow.txt", with: "expected")
            ]
        }
        let url = try Self.directory().appendingPathComponent("flow.txt")
        try Self.old.write(to: url, atomically: true, encoding: .utf8)
        try withKnownIssue {
            try assertTranscript(Self.new, matchesFile: url, record: .never)
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["flow.txt differs:\n" + Self.diff]
        }
        try assertTranscript(Self.old, matchesFile: url, record: .never)
        assertTranscript(Self.old, equals: Self.old)
    }
}
