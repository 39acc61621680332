import Foundation

/// When `assertTranscript(_:matchesFile:record:sourceLocation:)` (HourglassTesting) writes the transcript file,
/// as in swift-snapshot-testing.
///
/// The mode comes from, in order: the `record:` argument, the `TranscriptRecordingTrait` of
/// the test or suite, the `HOURGLASS_RECORD` environment variable (`all`, `missing`, `failed`
/// or `never`), and else ``missing``. Under CI (the `CI` environment variable set to anything
/// but `false` or `0`) nothing is ever written: a missing or different transcript fails.
public enum TranscriptRecordMode: String, Sendable, CaseIterable {
    /// Writes every transcript, and fails each test whose file changed or was missing, so
    /// that a recording run never passes unread.
    case all
    /// Writes a transcript whose file is missing (and fails, asking for it to be read).
    case missing
    /// Writes the transcript of each mismatch, failing with the diff; and missing ones.
    case failed
    /// Never writes: a missing file fails as a mismatch does.
    case never

    /// The mode in force for the running test: the `TranscriptRecordingTrait`'s, else
    /// `HOURGLASS_RECORD`'s, else ``missing``; always ``never`` under CI. What a test runner
    /// other than Swift Testing passes to ``TranscriptSnapshot/problem(with:file:mode:)``.
    public static var current: TranscriptRecordMode { current(explicit: nil) }

    /// The mode set by a `TranscriptRecordingTrait` for the running test, if any.
    @TaskLocal package static var scoped: TranscriptRecordMode?

    /// The mode that applies: `explicit`, else the trait's, else `HOURGLASS_RECORD`, else
    /// ``missing``; always ``never`` under CI.
    package static func current(
        explicit: TranscriptRecordMode?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> TranscriptRecordMode {
        if let ci = environment["CI"], !ci.isEmpty, ci != "false", ci != "0" { return .never }
        return explicit ?? scoped ?? environment["HOURGLASS_RECORD"].flatMap(Self.init(rawValue:)) ?? .missing
    }

    /// What is wrong with `HOURGLASS_RECORD` when it is set to no mode (`true`, `1`, `ALL`),
    /// which would otherwise be read as ``missing`` without a word; nil when it is fine or unset.
    package static func environmentProblem(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        guard let value = environment["HOURGLASS_RECORD"], Self(rawValue: value) == nil else { return nil }
        return "HOURGLASS_RECORD=\(value) is not a record mode; set it to all, missing, failed or never"
    }
}
