import Foundation
import Testing

/// Every stream linemode writes, in real surroundings that make the write fail: the real
/// executable, with its standard output on a full device or a closed pipe, its standard error
/// closed, its state directory unwritable. A clear message where one can still be written, the
/// documented exit code (3 for output, 4 for the state directory), never a trap.
@Suite("linemode: a failed write gets a message and a documented exit code")
struct OutputFailureTests {
    static let script = "type destination +8613812345678\ntap send\nwait 2s\n"

    /// Runs linemode through `sh` so that `redirections` (e.g. `>/dev/full`) apply to it;
    /// the script comes on standard input, and the streams not redirected are captured.
    static func run(_ redirections: String, _ arguments: [String] = [], script: String = script) throws
        -> LinemodeProcess
    {
        try LinemodeProcess.run(
            ["-c", "exec \"$0\" \"$@\" \(redirections)", LinemodeProcess.executable.path] + arguments,
            input: Data(script.utf8), program: URL(fileURLWithPath: "/bin/sh"))
    }

    /// Starts linemode with `output` (a pipe's write end, closed here once the child has its
    /// copy) as standard output and `script` on standard input; standard error is captured.
    static func start(writingTo output: Int32, script: String) throws -> (Process, errors: Pipe) {
        let process = Process()
        process.executableURL = LinemodeProcess.executable
        let (input, errors) = (Pipe(), Pipe())
        process.standardInput = input
        process.standardOutput = FileHandle(fileDescriptor: output, closeOnDealloc: false)
        process.standardError = errors
        try process.run()
        close(output)
        try input.fileHandleForWriting.write(contentsOf: Data(script.utf8))
        try input.fileHandleForWriting.close()
        return (process, errors)
    }

    @Test("standard output on a full device: the reason on standard error, exit 3")
    func outputFull() throws {
        let run = try Self.run(">/dev/full")
        #expect(run.status == 3)
        #expect(
            run.stderr == "linemode: cannot write the transcript to standard output: No space left on device; stopped\n"
        )
    }

    @Test(
        "--help and --version with standard output closed: nothing printed, exit 3", arguments: ["--help", "--version"])
    func helpWithOutputClosed(flag: String) throws {
        let run = try Self.run(">&-", [flag])
        #expect(run.status == 3)
        #expect(run.stderr == "linemode: standard output is closed; nothing was printed\n")
    }

    @Test("standard output a non-blocking pipe that fills up: linemode waits for its reader, loses nothing, exits 0")
    func nonBlockingOutput() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        #expect(fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK) == 0)
        let script = Self.script + String(repeating: "show\n", count: 2_000)
        let (process, errors) = try Self.start(writingTo: ends[1], script: script)
        // Nothing is read until the pipe is all but full (less room left than a line takes), so
        // the child's writes have met EAGAIN; a hang would end the wait after a minute.
        let reader = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        #if os(Linux)
        let capacity = fcntl(ends[0], 1_032)  // F_GETPIPE_SZ, not imported from Glibc
        #else
        let capacity: Int32 = 16_384
        #endif
        var buffered: Int32 = 0
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && ioctl(ends[0], UInt(FIONREAD), &buffered) == 0 && buffered < capacity - 1_024
            && Date() < deadline
        {
            usleep(1_000)
        }
        #expect(process.isRunning)
        #expect(buffered >= capacity - 1_024)
        let transcript = reader.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(errors.fileHandleForReading.readDataToEndOfFile().isEmpty)
        let expected = try LinemodeProcess.run([], script: script)
        #expect(String(decoding: transcript, as: UTF8.self) == expected.stdout)
    }

    @Test("standard output closed: the reason on standard error, nothing run, exit 3")
    func outputClosed() throws {
        let run = try Self.run(">&-")
        #expect(run.status == 3)
        #expect(
            run.stderr == "linemode: standard output is closed, so the transcript cannot be written; nothing was run\n")
    }

    @Test("standard output a pipe whose reader is gone: EPIPE, not a silent SIGPIPE; exit 3")
    func outputBrokenPipe() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        let (process, errors) = try Self.start(writingTo: ends[1], script: Self.script)
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 3)
        #expect(
            String(decoding: message, as: UTF8.self)
                == "linemode: cannot write the transcript to standard output: Broken pipe; stopped\n")
    }

    @Test("standard error closed while it has something to say: the exit code says so (3)")
    func errorClosed() throws {
        let bad = try Self.run("2>&-", script: "tapp send\n")
        #expect(bad.status == 3)
        #expect(bad.stdout == "")
        let keepGoing = try Self.run("2>&-", ["--keep-going"], script: "tapp send\n")
        #expect(keepGoing.status == 3)
        #expect(keepGoing.stdout.contains("! line 1: unknown command 'tapp'"))
    }

    @Test("standard error closed with nothing to say: the run is fine (0)")
    func errorClosedUnused() throws {
        let run = try Self.run("2>&-")
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("[   1.300] code: \"\" — Code expires in 4:59\n"))
    }

    @Test("standard error on a full device: exit 3")
    func errorFull() throws {
        let run = try Self.run("2>/dev/full", script: "tapp send\n")
        #expect(run.status == 3)
        #expect(run.stdout == "")
    }

    @Test("--help on a full device: exit 3, not a silent 0")
    func helpFull() throws {
        let run = try Self.run(">/dev/full", ["--help"])
        #expect(run.status == 3)
        #expect(
            run.stderr.hasPrefix("linemode: cannot write the transcript to standard output: No space left on device"))
    }

    @Test("a state directory that cannot be written: the screen and standard error say why, exit 4")
    func stateUnwritable() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hourglass-state-\(UUID().uuidString)")
        try Data("not a directory".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // A directory below a file: it cannot be made (a file as --state-dir is a usage error).
        let state = file.appendingPathComponent("state")
        let run = try LinemodeProcess.run(["--state-dir", state.path], script: Self.script)
        #expect(run.status == 4)
        let path = state.appendingPathComponent("cooldown.json").path
        #expect(
            run.stderr.hasPrefix(
                "linemode: cannot read \(path): Not a directory; it is ignored\nlinemode: cannot write \(path): "))
        #expect(run.stderr.hasSuffix("; the cooldown will not survive a restart\n"))
        #expect(run.stdout.contains("message: The countdown could not be saved; it will not survive a restart\n"))
        #expect(!run.stdout.contains(path))
    }
}
