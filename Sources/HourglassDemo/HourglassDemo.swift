import ArgumentParser
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

    @Option(help: "The clock: virtual, dispatch or libevent.")
    var clock: DemoClockKind = .virtual

    @Option(help: "The countdown's length in whole seconds (1 to 3600).")
    var seconds: Int = 10

    func validate() throws {
        guard (1...3_600).contains(seconds) else {
            throw ValidationError("--seconds must be a whole number from 1 to 3600, not \(seconds)")
        }
    }

    func run() throws {
        try DemoCountdown(seconds: Int64(seconds)).run(on: clock)
    }
}
