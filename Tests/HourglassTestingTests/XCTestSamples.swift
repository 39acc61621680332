import Foundation
import HourglassTranscripts
import XCTest

// The XCTest sample of the HourglassTesting catalog's "Snapshot-test your own screen", verbatim.

/// `assertTranscript` for XCTest: the same comparison, recording and diff, reported with `XCTFail`.
func checkTranscript(
    _ transcript: String, matchesFile url: URL, file: StaticString = #filePath, line: UInt = #line
) throws {
    if let problem = try TranscriptSnapshot.problem(with: transcript, file: url, mode: .current) {
        XCTFail(problem, file: file, line: line)
    }
}

/// The sample at work in an XCTest case: a transcript equal to its file passes.
final class XCTestSampleTests: XCTestCase {
    func testTranscriptEqualToItsFilePasses() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hourglass-xctest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("lock-out.txt")
        let transcript = "[   0.000] sign-in: [Sign in]\nwait 3s\n"
        try Data(transcript.utf8).write(to: url)
        try checkTranscript(transcript, matchesFile: url)
        XCTAssertEqual(try TranscriptSnapshot.problem(with: transcript, file: url, mode: .current), nil)
    }
}
