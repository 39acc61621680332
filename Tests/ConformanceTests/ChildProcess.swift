import Foundation
import TestSupport

/// A real child process whose standard output is read line by line as it arrives, each line
/// stamped with the parent's monotonic time of arrival.
final class ChildProcess: @unchecked Sendable {
    // @unchecked Sendable: `received` is only touched under `lock`; `process` and `output`
    // are set up in `init` before the reader thread starts and not mutated after.
    struct Line: Sendable {
        let text: String
        let arrived: ContinuousClock.Instant
    }

    private let process = Process()
    private let output = Pipe()
    private let lock = NSLock()
    private var received: [Line] = []
    private var pending = Data()
    /// Whether the reader has seen the end of the output (the child and its copies of the pipe
    /// are gone).
    private var reachedEnd = false

    /// Starts `executable` with `arguments`.
    init(_ executable: URL, arguments: [String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let handle = output.fileHandleForReading
        let thread = Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                self.take(chunk)
            }
            self.lock.withLock { self.reachedEnd = true }
        }
        thread.start()
    }

    /// The product built beside the test bundle, e.g. `hourglass-demo`.
    static func product(_ name: String) -> URL {
        builtProduct(named: name)
    }

    var pid: pid_t { process.processIdentifier }

    var lines: [Line] { lock.withLock { received } }

    /// Sends `signal` (e.g. `SIGSTOP`) to the child.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits until a line satisfies `matches`, for at most `limit`; returns it.
    /// Polls with `Task.sleep`, so no thread of the cooperative pool is blocked.
    func waitForLine(limit: Duration = .seconds(10), where matches: (String) -> Bool) async -> Line? {
        let end = ContinuousClock.now + limit
        while true {
            if let line = lines.first(where: { matches($0.text) }) { return line }
            if ContinuousClock.now >= end { return nil }
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    /// Waits for the child to exit and returns its status; kills it after `limit`. Returns once
    /// its last line is in ``lines`` too: the exit can come before the reader has read it.
    func finish(limit: Duration = .seconds(15)) async -> Int32 {
        let end = ContinuousClock.now + limit
        while process.isRunning && ContinuousClock.now < end { try? await Task.sleep(for: .milliseconds(10)) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let readEnd = ContinuousClock.now + .seconds(5)
        while !lock.withLock({ reachedEnd }) && ContinuousClock.now < readEnd {
            try? await Task.sleep(for: .milliseconds(2))
        }
        return process.terminationStatus
    }

    private func take(_ chunk: Data) {
        let now = ContinuousClock.now
        lock.withLock {
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let text = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                received.append(Line(text: text, arrived: now))
                pending.removeSubrange(pending.startIndex...newline)
            }
        }
    }
}
