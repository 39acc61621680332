import Foundation
import Hourglass

/// linemode's standard output and standard error, written with `write(2)` so that every
/// failure is seen: Foundation's `FileHandle.write(_:)` traps when a write fails.
///
/// SIGPIPE is ignored, so a closed pipe shows up as the error EPIPE instead of a silent death;
/// a stream left non-blocking by whoever opened it is waited on, not taken for a failure.
/// When standard output cannot be written the transcript is lost: the reason goes to standard
/// error and the process exits at once with ``LineModeExit/outputFailed``. When standard error
/// cannot be written, the run goes on and ends with that same exit code.
final class StandardStreams: Sendable {
    private struct State {
        var errorClosed = false
        var errorFailure: Int32?
        var name = "linemode"
        var exitActions: [@Sendable () -> Void] = []
    }

    /// Writes to a stream happen under its lock too, so lines from different threads never
    /// interleave.
    private let state = Locked(State())

    /// The name messages start with: the runner's (``LineModeTool/name``).
    var programName: String {
        get { state.withLock { $0.name } }
        set { state.withLock { $0.name = newValue } }
    }

    /// Runs `action` before the process exits early because standard output failed.
    func beforeExit(_ action: @escaping @Sendable () -> Void) {
        state.withLock { $0.exitActions.append(action) }
    }

    /// The process's streams.
    static let shared = StandardStreams()

    private init() {}

    /// Ignores SIGPIPE and makes sure descriptors 0, 1 and 2 are open, so that no file the
    /// run opens can take the place of a closed standard stream. Returns the exit code to stop
    /// with when standard output is closed, else nil; standard error then says so, ending with
    /// `consequence` ("nothing was run" unless told otherwise).
    func prepare(saying consequence: String? = nil) -> Int32? {
        signal(SIGPIPE, SIG_IGN)
        // The Swift runtime's crash reporter takes SIGQUIT (Ctrl-\) and lets the process run
        // on; its default ends it, as the help says a signal does.
        signal(SIGQUIT, SIG_DFL)
        var outputClosed = false
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
        where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // Hold the number with /dev/null: reads see an empty input, writes are not made.
            let placeholder = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if placeholder >= 0 && placeholder != descriptor {
                dup2(placeholder, descriptor)
                close(placeholder)
            }
            if descriptor == STDOUT_FILENO { outputClosed = true }
            if descriptor == STDERR_FILENO { state.withLock { $0.errorClosed = true } }
        }
        guard outputClosed else { return nil }
        if let consequence {
            error("\(programName): standard output is closed; \(consequence)")
        } else {
            error("\(programName): standard output is closed, so the transcript cannot be written; nothing was run")
        }
        return LineModeExit.outputFailed
    }

    /// Writes `line` (and a newline unless `newline` is false) to standard output. On failure:
    /// reports it on standard error and exits with ``LineModeExit/outputFailed``.
    @Sendable func output(_ line: String, newline: Bool = true) {
        let failure = state.withLock { _ in Self.write(line + (newline ? "\n" : ""), to: STDOUT_FILENO) }
        guard let failure else { return }
        error(
            "\(programName): cannot write the transcript to standard output: \(String(cString: strerror(failure))); stopped"
        )
        for action in state.withLock({ $0.exitActions }) { action() }
        _exit(LineModeExit.outputFailed)
    }

    /// Writes `text` (and a newline unless `newline` is false) to standard error. A failure
    /// is remembered for the exit code; later writes to standard error are not tried.
    @Sendable func error(_ text: String, newline: Bool = true) {
        state.withLock { state in
            guard state.errorFailure == nil else { return }
            guard !state.errorClosed else {
                state.errorFailure = EBADF
                return
            }
            state.errorFailure = Self.write(text + (newline ? "\n" : ""), to: STDERR_FILENO)
        }
    }

    /// Whether a write to standard error failed (or was needed while it was closed).
    var errorFailed: Bool {
        state.withLock { $0.errorFailure != nil }
    }

    /// Standard input as a stdio stream of its own, read by ``readLine()`` alone.
    // nonisolated(unsafe): made once; only live mode's one reading loop uses it, a line at a time.
    private nonisolated(unsafe) static let input = fdopen(STDIN_FILENO, "r")

    /// A line typed on standard input, without its newline; nil at the end of input or on an
    /// error. A terminal left non-blocking by whoever opened it is waited on, not taken for
    /// the end of input (which would end live mode at once).
    static func readLine() -> String? {
        guard let input else { return nil }
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        while true {
            errno = 0
            let count = getline(&buffer, &capacity, input)
            if count >= 0, let buffer {
                var line = String(decoding: UnsafeRawBufferPointer(start: buffer, count: count), as: UTF8.self)
                if line.last == "\n" || line.last == "\r\n" { line.removeLast() }
                return line
            }
            // At the end of input errno stays 0; a terminal in line mode has no half-read line.
            guard errno == EAGAIN || errno == EWOULDBLOCK else { return nil }
            clearerr(input)
            if waitUntilReady(STDIN_FILENO, for: Int16(POLLIN)) != nil { return nil }
        }
    }

    /// Waits until `descriptor` is ready for `events` (`POLLIN`, `POLLOUT`), or has hung up or
    /// failed, which the next read or write then reports. Returns errno when `poll` itself
    /// fails, so that a caller never spins on it.
    static func waitUntilReady(_ descriptor: Int32, for events: Int16) -> Int32? {
        var request = pollfd(fd: descriptor, events: events, revents: 0)
        while poll(&request, 1, -1) < 0 {
            if errno != EINTR { return errno }
        }
        return nil
    }

    /// Writes all of `text` to `descriptor`; returns errno on failure, nil on success.
    private static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return nil }
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    // A stream its reader made non-blocking: wait for room, as a blocking one would.
                    if errno == EAGAIN || errno == EWOULDBLOCK {
                        if let failure = waitUntilReady(descriptor, for: Int16(POLLOUT)) { return failure }
                        continue
                    }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }
}
