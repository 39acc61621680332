public import Foundation
import Hourglass
public import SignUp

/// A snapshot fixture: a linemode transcript kept as a file — the script's lines as written,
/// each followed by the output it produced (lines starting with `[`). The first line names the
/// options it runs with, e.g. `# linemode --screen registration --locale zh-Hans --region CN`;
/// `--state-dir temporary` keeps the cooldown in a fresh temporary directory for each run, and
/// `--secrets FILE` names the file of the secrets it types by name (see ``ScriptSecrets``).
/// `linemode FIXTURE` reads the same line, and prints the fixture as it is.
public struct Fixture: Sendable {
    /// The file's text.
    public let text: String
    /// The options from the first line.
    public let options: LineModeOptions
    /// The script (output lines are skipped by ``Script``).
    public let script: Script
    /// Whether each run keeps the cooldown in a fresh temporary state directory.
    package let usesStateDirectory: Bool

    /// Reads a fixture's text. Its `--screen` is one of `screens` and its `--locale` one of
    /// `languages` (by default the built-in ones; without them, the first of each, as
    /// ``LineModeTool`` does); its `--secrets` file is found in `directory`
    /// (the fixture's own; the current directory when nil).
    /// - Throws: ``ScriptError`` when the first line does not name its options, when the
    ///   secrets file cannot be read, or when a line types a secret as it is: the transcript
    ///   masks it, so the fixture could not run again.
    public init(
        text: String, screens: [ScriptScreen] = ScriptScreen.builtIn,
        languages: [SignUpLanguage] = SignUpLanguage.allCases, directory: URL? = nil
    ) throws(ScriptError) {
        self.text = text
        let firstLine = FixtureHeader.firstLine(of: Data(text.utf8)) ?? ""
        let header = try FixtureHeader(firstLine[...], screens: screens, languages: languages)
        var defaults = LineModeOptions()
        if let screen = screens.first { defaults.screen = screen }
        if let language = languages.first { defaults.language = language }
        var options = header.applied(to: defaults)
        if let file = header.secretsFile {
            options.secrets = try ScriptSource.secrets(
                in: URL(fileURLWithPath: file, relativeTo: directory), named: file)
        }
        self.options = options
        usesStateDirectory = header.usesStateDirectory
        script = Script(text, screen: options.screen, secrets: options.secrets, region: options.region)
        if let error = Self.literalSecret(in: script) { throw error }
    }

    /// The first line of `script` that types a secret as it is: its transcript masks the
    /// secret, so a fixture holding it could not run again.
    static func literalSecret(in script: Script) -> ScriptError? {
        guard let line = script.lines.first(where: { $0.command != nil && LineModeSession.masked($0) != $0.text })
        else { return nil }
        return ScriptError(
            line: line.number,
            "types a secret as it is, which the transcript masks, so the fixture could not run again; "
                + "name it instead ($NAME) and give NAME = VALUE in the secrets file its first line names (--secrets FILE)"
        )
    }

    /// Whether the file holds output lines at all (a new fixture has only its script).
    package var hasExpectedOutput: Bool {
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
final class TranscriptBuffer: Sendable {
    private let lines = Locked<[String]>([])

    @Sendable func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    var text: String { lines.withLock { $0.map { $0 + "\n" }.joined() } }
}
