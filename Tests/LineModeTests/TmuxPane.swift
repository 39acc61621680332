import Foundation

/// A program running in a pane of a tmux server of its own (a socket in a fresh directory):
/// a real pseudo-terminal of a set size, typed into with `send-keys` and read with
/// `capture-pane`, the screen as a person sees it.
final class TmuxPane {
    private let directory: URL
    private let socket: String

    /// Starts `command` (run by `sh -c`) in a detached session `columns` × `rows`.
    init(_ command: String, columns: Int, rows: Int) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("hourglass-tmux-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socket = directory.appendingPathComponent("socket").path
        try tmux(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", command])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    /// Types `text` literally, then return.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-l", text])
        try tmux(["send-keys", "Enter"])
    }

    /// Resizes the pane's window.
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The visible screen, one string a row, trailing blanks and blank rows at the end dropped.
    func screen() throws -> [String] {
        var rows = try tmux(["capture-pane", "-p"]).components(separatedBy: "\n")
        while rows.last?.isEmpty == true { rows.removeLast() }
        return rows
    }

    /// The screen once `done` holds for it, or the last screen read after `limit` seconds;
    /// it is read every 20 ms. A real process takes its time, so the test waits for the state
    /// it expects, then checks that state exactly.
    func screen(within limit: TimeInterval = 20, when done: ([String]) -> Bool) throws -> [String] {
        let deadline = Date(timeIntervalSinceNow: limit)
        var rows = try screen()
        while !done(rows) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
            rows = try screen()
        }
        return rows
    }

    /// Runs `tmux -S socket arguments…` and returns its standard output. It is spawned and
    /// waited for directly: the server that `new-session` starts keeps the descriptors it was
    /// given (so standard output is a file, not a pipe).
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let output = directory.appendingPathComponent("output-\(UUID())").path
        defer { unlink(output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = environment["TERM"] ?? "xterm"
        let argv = (["tmux", "-S", socket] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        // The test's thread blocks signals (as dispatch's threads do), and a spawned process
        // inherits its mask: a tmux server with SIGCHLD and SIGTERM blocked never exits.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid = pid_t()
        guard posix_spawnp(&pid, "tmux", &actions, &attributes, argv, envp) == 0 else {
            throw TmuxFailure(arguments: arguments)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // Exited (the low 7 bits clear) with status 0 (the next 8).
        guard status & 0x7F == 0 && (status >> 8) & 0xFF == 0 else { throw TmuxFailure(arguments: arguments) }
        // FoundationEssentials leaks the 4 KB buffer it reads an empty file into (LeakSanitizer
        // in tools/leaks): an empty output is not read.
        let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
        guard size > 0 else { return "" }
        return String(decoding: FileManager.default.contents(atPath: output) ?? Data(), as: UTF8.self)
    }

    /// tmux exited with a failure.
    struct TmuxFailure: Error {
        let arguments: [String]
    }

    /// Whether tmux can be run here (tools/setup installs it).
    static var isAvailable: Bool {
        ProcessInfo.processInfo.environment["PATH", default: ""].split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/tmux")
        }
    }
}
