import Foundation
import SignUp

/// The options a script runs with beyond the command line's: those its first line names when
/// it is a fixture's (``FixtureHeader``), under whichever the command line gave, and the
/// secrets of the secrets file.
enum ScriptSource {
    /// What the command line gave itself, which a fixture's first line does not change.
    struct Given: Sendable {
        var screen = false
        var language = false
        var region = false
        var stateDirectory = false
        /// `--secrets FILE`, relative to the current directory.
        var secretsFile: String?

        /// Nothing: a fixture's first line names every option it has.
        static let nothing = Given()
    }

    /// The options to run a script with, and the temporary state directory to remove after
    /// the run (a fixture's `--state-dir temporary`).
    struct Prepared {
        var options: LineModeOptions
        var temporaryDirectory: URL?
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
        guard let line = firstLine(of: data), FixtureHeader.isHeader(line[...]) else { return prepared }
        let header = try FixtureHeader(line[...], screens: tool.screens, languages: tool.languages)
        if !given.screen, let screen = header.screen { prepared.options.screen = screen }
        if !given.language, let language = header.language { prepared.options.language = language }
        if !given.region, let region = header.region { prepared.options.region = region }
        if !given.stateDirectory && header.usesStateDirectory {
            let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
                "linemode-state-\(UUID().uuidString)", isDirectory: true)
            (prepared.options.stateDirectory, prepared.temporaryDirectory) = (temporary, temporary)
        }
        if given.secretsFile == nil, let file = header.secretsFile {
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

    /// The first line of `data` (a byte-order mark and a CR before its LF aside), if it is UTF-8.
    private static func firstLine(of data: Data) -> String? {
        var bytes = data.prefix { $0 != UInt8(ascii: "\n") }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        return String(data: Data(bytes), encoding: .utf8)
    }
}
