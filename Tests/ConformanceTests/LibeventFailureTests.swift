import Foundation
import TestSupport
import Testing

/// A libevent clock made where the system refuses file descriptors: in a child process
/// (`hourglass-demo` with a tiny RLIMIT_NOFILE, so this test runner keeps its own limit),
/// making the clock fails with a clear `LibeventError` (the dispatch clock: a clear error from
/// the check before it is made) and a non-zero exit — never a hang, a trap, or a clock that
/// looks as if it ran.
@Suite("LibeventClock (and the dispatch clock as the demo makes it) under a tiny RLIMIT_NOFILE")
struct LibeventFailureTests {
    @Test("no descriptor left: timerfd_create fails with EMFILE, said in words")
    func noDescriptors() async throws {
        let run = try Self.demo(["--clock", "libevent", "--seconds", "1", "--extra-open-files", "0"])
        #expect(run.status == 1)
        #expect(run.stderr == "Error: timerfd_create failed: Too many open files (errno 24)\n")
        #expect(run.stdout == "")
    }

    /// Clock, spare descriptors, and the error: libevent's own handler would exit the process,
    /// libdispatch would trap (or its timers would never fire), so both are checked first.
    static let shortages: [(String, Int, String)] = {
        let libevent = "reserving the 5 descriptors libevent needs failed: Too many open files (errno 24)"
        var cases = (1...5).map { ("libevent", $0, libevent) }
        #if os(Linux)
        let dispatch =
            "the dispatch clock cannot open the 5 file descriptors it needs (Too many open files); "
            + "raise the limit (ulimit -n) or use --clock virtual"
        cases += (0...4).map { ("dispatch", $0, dispatch) }
        #endif
        return cases
    }()

    @Test(
        "fewer descriptors than the clock needs: a clear error, never an exit or a trap inside it", arguments: shortages
    )
    func tooFewDescriptors(clock: String, extra: Int, message: String) async throws {
        let run = try Self.demo(["--clock", clock, "--seconds", "1", "--extra-open-files", "\(extra)"])
        #expect(run.status == 1)
        #expect(run.stderr == "Error: \(message)\n")
        #expect(run.stdout == "")
    }

    @Test("enough descriptors: the countdown runs", arguments: ["libevent", "dispatch"])
    func enoughDescriptors(clock: String) async throws {
        let run = try Self.demo(["--clock", clock, "--seconds", "1", "--extra-open-files", "6"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("finished"))
    }

    /// Runs hourglass-demo to its end; kills it after 10 s (a hang fails the test).
    static func demo(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = ChildProcess.product("hourglass-demo")
        process.arguments = arguments
        // Under tools/leaks the child is built with AddressSanitizer, whose leak check at exit
        // needs descriptors the tiny limit does not leave (it would add its own error to stderr).
        var environment = ProcessInfo.processInfo.environment
        if let options = environment["ASAN_OPTIONS"] { environment["ASAN_OPTIONS"] = options + ":detect_leaks=0" }
        process.environment = environment
        let (output, errors) = (Pipe(), Pipe())
        (process.standardOutput, process.standardError) = (output, errors)
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return (
            process.terminationStatus,
            String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        )
    }
}
