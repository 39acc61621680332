public import Foundation

/// Compares a transcript with its file and records it as a ``TranscriptRecordMode`` says:
/// what `assertTranscript(_:matchesFile:record:sourceLocation:)` (HourglassTesting) does, without a test
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

    /// Where a test's transcript is kept when no file is named: a `__Transcripts__` folder beside
    /// the test's source file, a folder named after that file, and a file named after the test
    /// (and `name`, for a second transcript in one test) — `Tests/AppTests/__Transcripts__/
    /// LoginTests/lockOut.txt` for `lockOut()` in `Tests/AppTests/LoginTests.swift`.
    /// - Parameters:
    ///   - filePath: the test's source file (`#filePath`).
    ///   - function: the test's function (`#function`); its parameter list is dropped.
    ///   - name: set to keep more than one transcript in a test: `lockOut.second.txt`.
    public static func file(forTestAt filePath: String, function: String, name: String? = nil) -> URL {
        let source = URL(fileURLWithPath: filePath)
        let test = String(function.prefix { $0 != "(" })
        let base = [test, name].compactMap { $0 }.map(Self.safeName).joined(separator: ".")
        return source.deletingLastPathComponent()
            .appendingPathComponent("__Transcripts__", isDirectory: true)
            .appendingPathComponent(source.deletingPathExtension().lastPathComponent, isDirectory: true)
            .appendingPathComponent(base + ".txt")
    }

    /// `text` with every character that is not a letter, a digit, `-` or `_` made `-`, so that
    /// a test's name is a file name on every system.
    private static func safeName(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
    }

    private static func write(_ transcript: String, to url: URL) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(transcript.utf8).write(to: url, options: .atomic)
    }
}
