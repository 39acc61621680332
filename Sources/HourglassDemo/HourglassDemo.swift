import ArgumentParser
import Foundation
import Hourglass

/// `hourglass-demo`: one countdown, on the clock you choose, printed tick by tick.
@main
struct HourglassDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hourglass-demo",
        abstract: "Runs one countdown on a Hourglass clock and prints each tick.",
        discussion: """
            On the virtual clock the countdown is interrupted by a simulated suspension and \
            runs instantly. On a real clock it runs in real time: stop the process \
            (kill -STOP) and continue it, and the next tick shows the true time left at once. \
            Each real tick shows how late it fired; the last line gives the median and maximum.
            """)

    @Option(help: "The clock: virtual, dispatch, libevent or glib.")
    var clock: DemoClock = .virtual

    @Option(help: "The countdown's length in whole seconds (1 to 3600).")
    var seconds: Int = 10

    /// For tests: allow only this many more open files than are open at start (setrlimit),
    /// so that making a clock fails as it would on a machine out of file descriptors.
    @Option(help: .hidden)
    var extraOpenFiles: Int?

    /// For tests: on a real clock, stop the process (SIGSTOP) 0.3 s after the tick that shows
    /// this many seconds left; a "stopping" line comes first.
    @Option(help: .hidden)
    var stopAt: Int?

    func validate() throws {
        guard (1...3_600).contains(seconds) else {
            throw ValidationError("--seconds must be a whole number from 1 to 3600, not \(seconds)")
        }
    }

    func run() throws {
        if let extraOpenFiles { try Self.limitOpenFiles(toExtra: extraOpenFiles) }
        try DemoCountdown(seconds: Int64(seconds), stopAt: stopAt.map(Int64.init)).run(on: clock)
    }

    /// Lowers RLIMIT_NOFILE to the lowest free descriptor number plus `extra`.
    private static func limitOpenFiles(toExtra extra: Int) throws {
        let lowestFree = dup(STDERR_FILENO)
        guard lowestFree >= 0 else { throw ValidationError("dup failed: \(String(cString: strerror(errno)))") }
        close(lowestFree)
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else {
            throw ValidationError("getrlimit failed: \(String(cString: strerror(errno)))")
        }
        limit.rlim_cur = rlim_t(Int(lowestFree) + max(0, extra))
        guard setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else {
            throw ValidationError("setrlimit failed: \(String(cString: strerror(errno)))")
        }
    }
}
