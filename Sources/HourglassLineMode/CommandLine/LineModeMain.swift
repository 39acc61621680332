import Foundation
import Hourglass
import PhoneNumbers
import SignUp

/// What the `linemode` executable does once its options are parsed: read the script (or run
/// live at a terminal), report problems on standard error, run, and choose the exit code.
enum LineModeMain: Sendable {
    /// Runs the script in `file` (standard input when nil or "-") and returns the exit code,
    /// one of ``LineModeExit``'s: 0 when it ran; 1 when it has errors or cannot be read; 3 when
    /// standard output or standard error could not be written (this one wins over the others);
    /// 4 when the cooldown could not be saved in or read from the state directory.
    ///
    /// When the script is standard input and it is a terminal, it runs live; when standard output
    /// is a terminal too, the screen is a panel redrawn in place above the command line, and
    /// problems show among its messages instead of on standard error. When the script's first
    /// line is a fixture's, the options it names apply over `options`.
    /// - Throws: when a real clock cannot be made.
    static func run(file: String?, options: LineModeOptions) throws -> Int32 {
        try run(file: file, options: options, given: .nothing, tool: LineModeTool())
    }

    /// ``run(file:options:)`` for `tool`'s command line: a fixture's first line names one of
    /// its screens and languages, and applies only where the command line (`given`) did not.
    static func run(
        file: String?, options: LineModeOptions, given: ScriptSource.Given, tool: LineModeTool
    ) throws -> Int32 {
        let streams = StandardStreams.shared
        streams.programName = tool.name
        if let code = streams.prepare() { return code }
        var options = options
        if let file = given.secretsFile {
            do throws(ScriptError) {
                options.secrets = try ScriptSource.secrets(in: URL(fileURLWithPath: file), named: file, line: 0)
            } catch {
                streams.error("\(tool.name): \(error)")
                return streams.errorFailed ? LineModeExit.outputFailed : LineModeExit.scriptFailed
            }
        }
        let live = (file ?? "-") == "-" && isatty(STDIN_FILENO) == 1
        options = options.readingSystem(.current, live: live, given: given, languages: tool.languages)
        let panel =
            live && isatty(STDOUT_FILENO) == 1
            ? PanelTerminal(write: { streams.output($0, newline: false) }, measure: PanelTerminal.standardOutputSize)
            : nil
        let storeFailed = StoreFailureFlag()
        let storeProblem: @Sendable (CooldownStoreError) -> Void = { problem in
            storeFailed.set()
            let said = ScriptParser.escaped(problem.description)
            if let panel { panel.add(message: "\(tool.name): \(said)") } else { streams.error("\(tool.name): \(said)") }
        }
        let code: Int32
        if let panel {
            defer { panel.finish() }
            try LiveRunner.run(
                options: options, prompt: { panel.prompt() }, readLine: StandardStreams.readLine, write: { _ in },
                report: { panel.add(message: "! \($0)") }, panel: panel, storeProblem: storeProblem)
            code = LineModeExit.success
        } else {
            code = try run(
                file: file, options: options, given: given, tool: tool, streams: streams, storeProblem: storeProblem)
        }
        if streams.errorFailed { return LineModeExit.outputFailed }
        if code == LineModeExit.success && storeFailed.isSet { return LineModeExit.stateFailed }
        return code
    }

    private static func run(
        file: String?, options: LineModeOptions, given: ScriptSource.Given, tool: LineModeTool,
        streams: StandardStreams, storeProblem: @escaping @Sendable (CooldownStoreError) -> Void
    ) throws -> Int32 {
        let source = file ?? "-"
        if source == "-" && isatty(STDIN_FILENO) == 1 {
            try LiveRunner.run(
                options: options, prompt: { streams.error("> ", newline: false) }, readLine: StandardStreams.readLine,
                write: { streams.output($0) }, report: { streams.error("\(tool.name): \($0)") },
                storeProblem: storeProblem)
            return LineModeExit.success
        }
        let data: Data
        switch source == "-" ? readStandardInput() : readFile(source) {
        case .success(let contents): data = contents
        case .failure(let failure):
            let name = source == "-" ? "from standard input" : ScriptParser.escaped(source)
            streams.error("\(tool.name): cannot read the script \(name): \(failure)")
            return LineModeExit.scriptFailed
        }
        let name = source == "-" ? "<stdin>" : ScriptParser.escaped(source)
        let prepared: ScriptSource.Prepared
        do throws(ScriptError) {
            let directory = source == "-" ? nil : URL(fileURLWithPath: source).deletingLastPathComponent()
            prepared = try ScriptSource.prepare(data, directory: directory, options: options, given: given, tool: tool)
        } catch {
            streams.error("\(tool.name): \(name): \(error)")
            return LineModeExit.scriptFailed
        }
        let options = prepared.options
        defer { prepared.temporaryDirectory?.remove() }
        let script = Script(data: data, screen: options.screen, secrets: options.secrets, region: options.region)
        if prepared.isFixture, let error = Fixture.literalSecret(in: script) {
            streams.error("\(tool.name): \(name): \(error)")
            return LineModeExit.scriptFailed
        }
        // With a real server, `server …` lines (which script the in-process one) cannot run.
        let serverLines =
            options.service == nil
            ? []
            : script.lines.compactMap { line -> ScriptError? in
                guard case .server = line.command else { return nil }
                return ScriptError(line: line.number, LineModeSession.serverCommandWithService)
            }
        let errors = (script.errors + serverLines).sorted { $0.line < $1.line }
        for error in errors { streams.error("\(tool.name): \(name): \(error)") }
        if !errors.isEmpty && !options.keepGoing {
            streams.error(
                "\(tool.name): nothing was run; fix the line\(errors.count == 1 ? "" : "s") above, or pass --keep-going to run the rest"
            )
            return LineModeExit.scriptFailed
        }
        do {
            try ScriptRunner.run(script, options: options, write: { streams.output($0) }, storeProblem: storeProblem)
        } catch let stall as ClockStalled {
            streams.error("\(tool.name): \(stall)")
            return errors.isEmpty ? LineModeExit.clockStalled : LineModeExit.scriptFailed
        }
        return errors.isEmpty ? LineModeExit.success : LineModeExit.scriptFailed
    }

    /// Writes `message` — to standard output when `code` is 0 (help, version), else to standard
    /// error — and exits with `code`; with ``LineModeExit/outputFailed`` when it cannot be
    /// written, or when standard output is closed (that code wins over the others).
    static func exit(printing message: String, code: Int32) -> Never {
        let streams = StandardStreams.shared
        let outputClosed = streams.prepare(saying: code == LineModeExit.success ? "nothing was printed" : nil)
        if code == LineModeExit.success {
            if outputClosed == nil { streams.output(message) }
        } else {
            streams.error(message)
        }
        Foundation.exit(streams.errorFailed || outputClosed != nil ? LineModeExit.outputFailed : code)
    }

    /// Standard input's bytes to its end, or why it cannot be read: more than
    /// ``largestScript`` bytes (an input that never ends, such as `/dev/zero`) is refused once
    /// read that far. A non-blocking input is waited on, as a blocking one would be.
    static func readStandardInput(limit: Int = largestScript) -> Result<Data, ReadFailure> {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                if let failure = StandardStreams.waitUntilReady(STDIN_FILENO, for: Int16(POLLIN)) {
                    return .failure(ReadFailure(failure))
                }
                continue
            }
            guard count >= 0 else { return .failure(ReadFailure(errno)) }
            if count == 0 { return .success(data) }
            guard data.count + count <= limit else {
                return .failure(ReadFailure(reason: "it is more than \(limit) bytes, too large for a script"))
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// The largest script read: far more than a hand-written script (100 000 lines of `wait`),
    /// small enough to parse in a few seconds.
    static let largestScript = 1_024 * 1_024

    /// The script file's bytes, or why it cannot be read: it must be a regular file of at most
    /// ``largestScript`` bytes (a FIFO, socket, device or directory is refused without blocking).
    static func readFile(_ path: String) -> Result<Data, ReadFailure> {
        do { return .success(try RegularFile.read(path, limit: largestScript)) } catch {
            switch error {
            case .missing, .system:
                return .failure(ReadFailure(reason: error.reason, hint: "check the path and its permissions"))
            case .notRegular:
                return .failure(
                    ReadFailure(reason: error.reason, hint: "name a script file, or give the script on standard input"))
            case .tooLarge:
                return .failure(ReadFailure(reason: error.reason, hint: "a script is at most \(largestScript) bytes"))
            case .wouldBlock:
                return .failure(ReadFailure(reason: error.reason, hint: nil))
            }
        }
    }
}

/// Why a script could not be read — `strerror` of its errno ("No such file or directory") or
/// what is wrong with the file — and, when there is one, what to do about it.
struct ReadFailure: Error, CustomStringConvertible {
    let reason: String
    let hint: String?

    init(_ code: Int32) {
        self.init(reason: String(cString: strerror(code)), hint: nil)
    }

    init(reason: String, hint: String? = nil) {
        (self.reason, self.hint) = (reason, hint)
    }

    /// "REASON; HINT", or the reason alone.
    var description: String { hint.map { "\(reason); \($0)" } ?? reason }
}

/// Whether the cooldown store failed at least once, set from whichever thread saw it.
private final class StoreFailureFlag: Sendable {
    private let value = Locked(false)

    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
