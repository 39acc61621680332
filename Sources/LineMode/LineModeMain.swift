import Foundation

/// What the `linemode` executable does once its options are parsed: read the script (or run
/// live at a terminal), report problems on standard error, run, and choose the exit code.
public enum LineModeMain: Sendable {
    /// Runs the script in `file` (standard input when nil or "-") and returns the exit code:
    /// 0 when it ran, 1 when it has errors or cannot be read.
    /// - Throws: when a real clock cannot be made.
    public static func run(file: String?, options: LineModeOptions) throws -> Int32 {
        let source = file ?? "-"
        if source == "-" && isatty(STDIN_FILENO) == 1 {
            try LiveRunner.run(
                options: options, prompt: { printError("> ", newline: false) }, readLine: { Swift.readLine() },
                write: printOut, report: { printError("linemode: \($0)") })
            return 0
        }
        let data: Data
        if source == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            switch readFile(source) {
            case .success(let contents): data = contents
            case .failure(let reason):
                printError("linemode: cannot read the script \(source): \(reason); check the path and its permissions")
                return 1
            }
        }
        let name = source == "-" ? "<stdin>" : source
        let script = Script(data: data, screen: options.screen)
        for error in script.errors { printError("linemode: \(name): \(error)") }
        if !script.errors.isEmpty && !options.keepGoing {
            printError("linemode: nothing was run; fix the line\(script.errors.count == 1 ? "" : "s") above, or pass --keep-going to run the rest")
            return 1
        }
        try ScriptRunner.run(script, options: options, write: printOut)
        return script.errors.isEmpty ? 0 : 1
    }

    /// The file's bytes, or why it cannot be read (the system's words for errno).
    static func readFile(_ path: String) -> Result<Data, ReadFailure> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(ReadFailure(errno)) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return .failure(ReadFailure(EISDIR))
        }
        do { return .success(try handle.readToEnd() ?? Data()) } catch { return .failure(ReadFailure(EIO)) }
    }

    /// Writes one line to standard output at once (unbuffered), so a reader sees it when it happens.
    @Sendable static func printOut(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    @Sendable static func printError(_ text: String, newline: Bool = true) {
        FileHandle.standardError.write(Data((text + (newline ? "\n" : "")).utf8))
    }
}

/// Why a file could not be read: `strerror` of its errno, e.g. "No such file or directory".
struct ReadFailure: Error, CustomStringConvertible {
    let description: String

    init(_ code: Int32) {
        description = String(cString: strerror(code))
    }
}
