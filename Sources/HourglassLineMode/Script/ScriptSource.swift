import Foundation
import SignUp

/// The options a script runs with beyond the command line's: those its first line names when
/// it is a fixture's (``FixtureHeader``), under whichever the command line gave, and the
/// secrets of the secrets file.
enum ScriptSource {
    /// What the command line gave itself, which a fixture's first line does not change.
    struct Given: Sendable {
        /// Whether `--screen` was given.
        var screen = false
        /// Whether `--locale` was given.
        var language = false
        /// Whether `--region` was given.
        var region = false
        /// Whether `--digits` was given.
        var digits = false
        /// Whether `--state-dir` was given.
        var stateDirectory = false
        /// `--secrets FILE`, relative to the current directory.
        var secretsFile: String?

        /// The header options these stand for, which a header's values do not change.
        var options: Set<String> {
            var options: Set<String> = []
            if screen { options.insert("--screen") }
            if language { options.insert("--locale") }
            if region { options.insert("--region") }
            if digits { options.insert("--digits") }
            if stateDirectory { options.insert("--state-dir") }
            if secretsFile != nil { options.insert("--secrets") }
            return options
        }

        /// Nothing: a fixture's first line names every option it has.
        static let nothing = Given()
    }

    /// The options to run a script with, and the temporary state directory to remove after
    /// the run (a fixture's `--state-dir temporary`).
    struct Prepared {
        /// The options, the header's applied.
        var options: LineModeOptions
        /// The header's `--state-dir temporary`, to remove when the run ends.
        var temporaryDirectory: TemporaryStateDirectory?
        /// Whether the script starts with a fixture's header.
        var isFixture = false
    }

    /// `options` with what the first line of `data` names, when it is a fixture's, applied where
    /// the command line gave nothing; and the secrets of the file that line names (relative to
    /// `directory`, the script's), unless the command line named one.
    /// - Throws: ``ScriptError`` when the first line is a fixture's with a wrong option, or its
    ///   secrets file cannot be read.
    static func prepare(
        _ data: Data, directory: URL?, options: LineModeOptions, given: Given, tool: LineModeTool
    ) throws(ScriptError) -> Prepared {
        var prepared = Prepared(options: options)
        guard let line = FixtureHeader.firstLine(of: data), FixtureHeader.isHeader(line[...]) else { return prepared }
        prepared.isFixture = true
        // What the command line gave is skipped: the header leaves it unset.
        let header = try FixtureHeader(
            line[...], screens: tool.screens, languages: tool.languages, skipping: given.options)
        prepared.options = header.applied(to: prepared.options)
        if header.usesStateDirectory {
            let temporary = TemporaryStateDirectory()
            (prepared.options.stateDirectory, prepared.temporaryDirectory) = (temporary.url, temporary)
        }
        if let file = header.secretsFile {
            prepared.options.secrets = try secrets(in: URL(fileURLWithPath: file, relativeTo: directory), named: file)
        }
        return prepared
    }

    /// The secrets in `url` (`name`: as the command line or the header wrote it).
    /// - Throws: ``ScriptError`` (line 0 from the command line, 1 from a header) saying why
    ///   it cannot be read.
    static func secrets(in url: URL, named name: String, line: Int = 1) throws(ScriptError) -> ScriptSecrets {
        switch ScriptSecrets.read(url) {
        case .success(let secrets): return secrets
        case .failure(let failure):
            throw ScriptError(line: line, "cannot read the secrets file \(ScriptParser.escaped(name)): \(failure)")
        }
    }
}
