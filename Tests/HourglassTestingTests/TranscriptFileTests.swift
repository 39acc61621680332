import Foundation
import HourglassTesting
import Testing

/// `assertTranscript(_:)` without a file named: the test's own file, found from its source file
/// and name, recorded as the explicit form records.
@Suite("Transcript files found from the test")
struct TranscriptFileTests {
    @Test("the file is __Transcripts__/<source file>/<test>[.<name>].txt beside the test's source")
    func paths() {
        let source = "/work/App/Tests/AppTests/LoginTests.swift"
        let folder = "/work/App/Tests/AppTests/__Transcripts__/LoginTests/"
        #expect(TranscriptSnapshot.file(forTestAt: source, function: "lockOut()").path == folder + "lockOut.txt")
        #expect(
            TranscriptSnapshot.file(forTestAt: source, function: "lockOut()", name: "second").path
                == folder + "lockOut.second.txt")
        #expect(TranscriptSnapshot.file(forTestAt: source, function: "each(row:)").path == folder + "each.txt")
        #expect(
            TranscriptSnapshot.file(forTestAt: source, function: "f()", name: "a b/c:d").path == folder
                + "f.a-b-c-d.txt")
    }

    @Test("a test compares with its committed transcript, found by its name")
    func committedTranscript() throws {
        try assertTranscript("[   0.000] sign-in: [Sign in] (disabled)\n[   1.000] sign-in: [Sign in]\n")
    }

    @Test("a missing transcript is recorded at the test's path (never under CI) and the test fails once, saying so")
    func recordsAtTheTestsPath() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("FlowTests.swift").path
        let expected = directory.appendingPathComponent("__Transcripts__/FlowTests/flow.txt")
        let underCI = TranscriptRecordMode.current(explicit: .missing) == .never  // CI wins over record:
        try withKnownIssue {
            try assertTranscript(
                "[   0.000] send: [Get code]\n", record: .missing, filePath: source, function: "flow()")
        } matching: { issue in
            issue.description.contains(
                underCI
                    ? "flow.txt is missing; record it locally (HOURGLASS_RECORD=missing) and commit it"
                    : "flow.txt was missing and is recorded now")
        }
        #expect(FileManager.default.fileExists(atPath: expected.path) == !underCI)
        guard !underCI else { return }
        #expect(try String(contentsOf: expected, encoding: .utf8) == "[   0.000] send: [Get code]\n")
        try assertTranscript("[   0.000] send: [Get code]\n", record: .never, filePath: source, function: "flow()")
    }
}
