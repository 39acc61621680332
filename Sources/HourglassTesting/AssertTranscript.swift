// The transcript machinery is plain code in HourglassTranscripts; this module adds the Swift
// Testing assertions, and brings that module along so that one import serves a test target.
@_exported public import HourglassTranscripts

#if canImport(Testing)
public import Foundation
public import Testing

/// Fails the running test when `transcript` differs from the file at `url`, with a unified
/// diff; records the file as the `TranscriptRecordMode` in force says (never under CI).
///
/// ```swift
/// @Test func loginLockOut() throws {
///     let transcript = try runLoginScript()
///     try assertTranscript(transcript, matchesFile: fixtures.appending(path: "lock-out.txt"))
/// }
/// ```
/// - Throws: the error of reading or writing the file.
public func assertTranscript(
    _ transcript: String, matchesFile url: URL, record: TranscriptRecordMode? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    if record == nil, TranscriptRecordMode.scoped == nil, let problem = TranscriptRecordMode.environmentProblem() {
        Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
    }
    let mode = TranscriptRecordMode.current(explicit: record)
    if let problem = try TranscriptSnapshot.problem(with: transcript, file: url, mode: mode) {
        Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
    }
}

/// Fails the running test when `transcript` differs from the test's own transcript file, found
/// from the test's source file and name as swift-snapshot-testing finds its snapshots:
/// `__Transcripts__/LoginTests/lockOut.txt` beside `LoginTests.swift` for `lockOut()` (see
/// `TranscriptSnapshot.file(forTestAt:function:name:)`). Recorded as the explicit form records.
///
/// ```swift
/// @Test func lockOut() throws {
///     try assertTranscript(try runLoginScript())   // __Transcripts__/LoginTests/lockOut.txt
/// }
/// ```
/// - Parameters:
///   - transcript: what the test saw.
///   - name: set to keep more than one transcript in a test.
///   - record: the record mode, overriding the trait and `HOURGLASS_RECORD` (never CI).
///   - filePath: the test's source file; leave the default.
///   - function: the test's function; leave the default.
///   - sourceLocation: where a failure is reported; leave the default.
/// - Throws: the error of reading or writing the file.
public func assertTranscript(
    _ transcript: String, named name: String? = nil, record: TranscriptRecordMode? = nil,
    filePath: String = #filePath, function: String = #function,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let file = TranscriptSnapshot.file(forTestAt: filePath, function: function, name: name)
    try assertTranscript(transcript, matchesFile: file, record: record, sourceLocation: sourceLocation)
}

/// Fails the running test when `transcript` differs from `expected`, with a unified diff.
/// Inline transcripts are compared only; record into a file to have them written.
public func assertTranscript(
    _ transcript: String, equals expected: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard transcript != expected else { return }
    let diff = UnifiedDiff.make(from: expected, to: transcript)
    Issue.record(Comment(rawValue: "the transcript differs:\n\(diff)"), sourceLocation: sourceLocation)
}

/// Sets the `TranscriptRecordMode` for a test, or for every test of a suite:
/// `@Test(.transcriptRecording(.all))`. The `record:` argument of an assertion wins over it;
/// CI wins over both.
public struct TranscriptRecordingTrait: TestTrait, SuiteTrait, TestScoping {
    /// The mode the test's assertions use.
    public let mode: TranscriptRecordMode

    /// Applies to every test of a suite it is on.
    public var isRecursive: Bool { true }

    /// Runs the test with the mode in force.
    @concurrent
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        try await TranscriptRecordMode.$scoped.withValue(mode) { try await function() }
    }
}

extension Trait where Self == TranscriptRecordingTrait {
    /// Records transcripts in `mode` in this test (or suite).
    public static func transcriptRecording(_ mode: TranscriptRecordMode) -> Self {
        TranscriptRecordingTrait(mode: mode)
    }
}
#endif
