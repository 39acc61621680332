import Foundation

/// A fixture's `--state-dir temporary`: a fresh directory for one run, removed when the run
/// ends — also when SIGINT, SIGTERM or SIGHUP ends it, or a failed standard output stops it.
///
/// The signals are blocked on the calling thread (the threads made after inherit that) and
/// taken by a thread of its own with `sigwait`, which removes the directory and then lets the
/// signal end the process as its default does (the shell still reports 128 plus its number).
final class TemporaryStateDirectory: Sendable {
    /// The directory (made by the cooldown store at its first save).
    let url: URL

    private static let signals = [SIGINT, SIGTERM, SIGHUP]

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "linemode-state-\(UUID().uuidString)", isDirectory: true)
        var set = Self.signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let url = url
        Thread {
            var set = Self.signalSet()
            var received: Int32 = 0
            guard sigwait(&set, &received) == 0 else { return }
            try? FileManager.default.removeItem(at: url)
            signal(received, SIG_DFL)
            var one = sigset_t()
            sigemptyset(&one)
            sigaddset(&one, received)
            pthread_sigmask(SIG_UNBLOCK, &one, nil)
            raise(received)
        }.start()
        StandardStreams.shared.beforeExit { try? FileManager.default.removeItem(at: url) }
    }

    /// Removes the directory and what it holds.
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }
}
