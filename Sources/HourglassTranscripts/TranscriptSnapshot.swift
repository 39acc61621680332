public import Foundation

/// Compares a transcript with its file and records it as a ``TranscriptRecordMode`` says:
/// what ``assertTranscript(_:matchesFile:record:sourceLocation:)`` does, without a test
/// framework, so that any runner can report the problem.
public enum TranscriptSnapshot: Sendable {
    /// What is wrong with `transcript` against the file at `url`, or nil when it matches;
    /// writes the file when `mode` says so. A problem is still returned after a write, so that
    /// the recording gets read.
    /// - Throws: the error of reading an existing file or of writing one.
    public static func problem(
        with transcript: String, file url: URL, mode: TranscriptRecordMode
    ) throws -> String? {
        let name = url.lastPathComponent
        guard FileManager.default.fileExists(atPath: url.path) else {
            guard mode != .never else {
                return "\(name) is missing; record it locally (HOURGLASS_RECORD=missing) and commit it"
            }
            try write(transcript, to: url)
            return "\(name) was missing and is recorded now; read it and run the test again"
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        guard expected != transcript else { return nil }
        let diff = UnifiedDiff.make(from: expected, to: transcript, oldName: name, newName: "actual")
        switch mode {
        case .all, .failed:
            try write(transcript, to: url)
            return "\(name) differed and is recorded now; read the diff and run the test again:\n\(diff)"
        case .missing, .never:
            return "\(name) differs:\n\(diff)"
        }
    }

    private static func write(_ transcript: String, to url: URL) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(transcript.utf8).write(to: url, options: .atomic)
    }
}
