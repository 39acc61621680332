import Foundation
import SignUp

/// A snapshot fixture: a linemode transcript kept as a file — the script's lines as written,
/// each followed by the output it produced (lines starting with `[`). The first line names the
/// options it runs with, e.g. `# linemode --screen registration --locale zh-Hans --region CN`;
/// `--state-dir temporary` keeps the cooldown in a fresh temporary directory for each run.
public struct Fixture: Sendable {
    /// The file's text.
    public let text: String
    /// The options from the first line.
    public let options: LineModeOptions
    /// The script (output lines are skipped by ``Script``).
    public let script: Script
    /// Whether each run keeps the cooldown in a fresh temporary state directory.
    public let usesStateDirectory: Bool

    /// Reads a fixture's text; its `--screen` is one of `screens` (by default the built-in ones).
    /// - Throws: ``ScriptError`` when the first line does not name its options.
    public init(text: String, screens: [ScriptScreen] = ScriptScreen.builtIn) throws(ScriptError) {
        self.text = text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let header = lines.first, header.hasPrefix("# linemode") else {
            throw ScriptError(
                line: 1, "a fixture starts with its options, e.g. '# linemode --screen verification --locale en'")
        }
        var options = LineModeOptions()
        options.echoSecrets = true
        var usesStateDirectory = false
        let words = header.split(separator: " ").dropFirst(2).map(String.init)
        var index = 0
        while index < words.count {
            let value = index + 1 < words.count ? words[index + 1] : ""
            switch words[index] {
            case "--screen":
                guard let screen = ScriptScreen.named(value, among: screens) else {
                    throw ScriptError(line: 1, "unknown screen '\(value)'")
                }
                options.screen = screen
            case "--locale":
                guard let language = SignUpLanguage(rawValue: value) else {
                    throw ScriptError(line: 1, "unknown locale '\(value)'")
                }
                options.language = language
            case "--region":
                guard let region = PhoneRegion(value) else {
                    throw ScriptError(
                        line: 1, "unknown region '\(value)'; give an ISO 3166-1 code such as US, GB or CN")
                }
                options.region = region
            case "--state-dir":
                guard value == "temporary" else {
                    throw ScriptError(line: 1, "a fixture's state directory is '--state-dir temporary', not '\(value)'")
                }
                usesStateDirectory = true
            default:
                throw ScriptError(
                    line: 1,
                    "a fixture header takes --screen, --locale, --region and --state-dir, not '\(words[index])'")
            }
            index += 2
        }
        self.options = options
        self.usesStateDirectory = usesStateDirectory
        script = Script(text, screen: options.screen)
    }

    /// Whether the file holds output lines at all (a new fixture has only its script).
    public var hasExpectedOutput: Bool {
        text.split(separator: "\n").contains { $0.hasPrefix("[") }
    }

    /// Runs the script and returns the transcript, as the file should read.
    /// - Throws: when a real clock cannot be made.
    public func transcript(clock: ClockChoice = .virtual, timeScale: Double = 0.01) throws -> String {
        var options = options
        options.clock = clock
        options.timeScale = timeScale
        options.keepGoing = true
        var directory: URL?
        if usesStateDirectory {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "linemode-state-\(UUID().uuidString)")
            options.stateDirectory = directory
        }
        defer { if let directory { try? FileManager.default.removeItem(at: directory) } }
        return try ScriptRunner.transcript(of: script, options: options).transcript
    }
}

/// Collects transcript lines from whichever thread writes them.
final class TranscriptBuffer: @unchecked Sendable {
    // @unchecked Sendable: `lines` is only read and written under `lock`.
    private let lock = NSLock()
    private var lines: [String] = []

    @Sendable func append(_ line: String) {
        lock.withLock { lines.append(line) }
    }

    var text: String { lock.withLock { lines.map { $0 + "\n" }.joined() } }
}
