import Dispatch
import Foundation
import TestSupport

/// The `linemode` executable run as a real child process.
struct LinemodeProcess {
    let status: Int32
    let stdout: String
    let stderr: String

    /// The product built beside the test bundle.
    static var executable: URL { builtProduct(named: "linemode") }

    /// Another executable built beside the test bundle.
    static func product(named name: String) -> URL { builtProduct(named: name) }

    /// Runs `linemode arguments…` with `input` on standard input (bytes, so invalid UTF-8 can
    /// be sent); stdin is a pipe, never a terminal.
    static func run(_ arguments: [String], input: Data = Data(), program: URL = executable) throws -> LinemodeProcess {
        ignoreBrokenPipes()
        let stdin = Pipe()
        return try run(arguments, standardInput: stdin, program: program) {
            // A child that ended before reading (a usage error) has closed the pipe: EPIPE, and
            // its input was not needed.
            try? stdin.fileHandleForWriting.write(contentsOf: input)
            try stdin.fileHandleForWriting.close()
        }
    }

    /// A write to a child that has ended fails with EPIPE instead of killing the test process
    /// with SIGPIPE (seen once, when a child refused its command line before reading its input).
    static func ignoreBrokenPipes() {
        _ = brokenPipesIgnored
    }

    private static let brokenPipesIgnored: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Runs with `standardInput` (a `FileHandle` or a `Pipe`) as standard input; `started` runs
    /// once the process has.
    static func run(
        _ arguments: [String], standardInput: Any, program: URL = executable, started: () throws -> Void = {}
    ) throws -> LinemodeProcess {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        let (stdout, stderr) = (Pipe(), Pipe())
        (process.standardInput, process.standardOutput, process.standardError) = (standardInput, stdout, stderr)
        try process.run()
        try started()
        // Standard error is read on its own thread while standard output is read here, so
        // neither pipe can fill up and block the child.
        let errors = ErrorReader(stderr.fileHandleForReading)
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = errors.finish()
        process.waitUntilExit()
        return LinemodeProcess(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }

    /// `run(_:input:)` on a thread of its own, for runs that take seconds.
    static func runOffPool(_ arguments: [String], input: Data = Data(), program: URL = executable) async throws
        -> LinemodeProcess
    {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try run(arguments, input: input, program: program) }) }.start()
        }
    }

    /// Runs a script given as text on standard input.
    static func run(_ arguments: [String], script: String, program: URL = executable) throws -> LinemodeProcess {
        try run(arguments, input: Data(script.utf8), program: program)
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class ErrorReader: @unchecked Sendable {
    // @unchecked Sendable: `data` is written by the reader thread before it signals `done`,
    // and read only after waiting for `done`.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    func finish() -> Data {
        done.wait()
        return data
    }
}
