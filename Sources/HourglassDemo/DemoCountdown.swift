import Foundation
import Hourglass
import RealClocks

/// Runs one countdown and prints a line per tick, flushed at once so that a parent process
/// reading the pipe sees each tick when it happens.
struct DemoCountdown {
    let seconds: Int64
    /// For tests: stop the process (SIGSTOP) shortly after the tick that shows this many
    /// seconds left, as a debugger or the system would; real clocks only.
    var stopAt: Int64?

    func run(on choice: DemoClock) throws {
        guard let kind = choice.realClockKind else { return runVirtual() }
        try runReal(on: RealClock(kind), name: choice.rawValue)
    }

    /// The virtual clock: three seconds, a suspension of 4.5 s, then the rest, instantly.
    private func runVirtual() {
        let clock = VirtualClock()
        let start = clock.now
        let countdown = try? clock.countdown(
            for: .seconds(seconds),
            onTick: { tick in
                Self.say("[+\(Self.format(tick.scheduled - start))] \(Self.describe(tick))")
            }, onFinish: { Self.say("[+\(Self.format(clock.now - start))] finished") })
        Self.say("countdown of \(seconds)s on the virtual clock, started")
        clock.advance(by: .seconds(min(3, seconds)))
        Self.say("[+\(Self.format(clock.now - start))] the app is suspended for 4.5s")
        clock.suspend(for: .milliseconds(4_500))
        clock.advance(by: .seconds(seconds))
        Self.say("state: \(countdown?.state ?? .cancelled); pending timers: \(clock.pendingTimers.count)")
    }

    /// A real clock: prints each tick's measured time and lateness, and runs the clock until the
    /// countdown has finished.
    private func runReal(on real: RealClock, name: String) throws {
        let clock = real.clock
        let lateness = LatenessLog(on: clock)
        let start = clock.now
        let countdown = try clock.countdown(
            for: .seconds(seconds),
            onTick: { tick in
                let late = tick.now - tick.scheduled
                if tick.missedTicks == 0 && !tick.isManual { lateness.add(late) }
                Self.say("[+\(Self.format(tick.now - start))] \(Self.describe(tick)) (late \(Self.milliseconds(late)))")
                if tick.remainingSeconds == stopAt && !tick.isManual { Self.stopSoon(clock: clock, start: start) }
            },
            onFinish: {
                Self.say("[+\(Self.format(clock.now - start))] finished; \(lateness.summary)")
                real.shutdown()
            })
        Self.say("countdown of \(seconds)s on the \(name) clock, started")
        try real.run()
        _ = countdown
    }

    /// Stops this process 0.3 s from now, from a thread of its own, so that the clock is
    /// stopped while it waits for its next deadline; says so first, with the time.
    private static func stopSoon(clock: some TimerClock, start: TimerInstant) {
        let stopper = Thread {
            Thread.sleep(forTimeInterval: 0.3)
            say("[+\(format(clock.now - start))] stopping the process (SIGSTOP)")
            kill(getpid(), SIGSTOP)
        }
        stopper.start()
    }

    private static func describe(_ tick: CountdownTick) -> String {
        let skipped = tick.missedTicks == 0 ? "" : ", \(tick.missedTicks) ticks skipped after a stall"
        return "\(tick.remainingSeconds)s left\(skipped)"
    }

    static func format(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
        return String(format: "%d.%03ds", milliseconds / 1_000, milliseconds % 1_000)
    }

    static func milliseconds(_ duration: Duration) -> String {
        let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        return String(format: "%.3f ms", Double(microseconds) / 1_000)
    }

    /// Writes one line straight to the file descriptor: no buffer to flush.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

/// The lateness of on-time ticks, for the closing summary line.
private final class LatenessLog: Sendable {
    /// Written by the tick callbacks and read by the finish callback, all on the clock's context.
    private let samples: ContextBound<[Duration]>

    init(on clock: any TimerClock) {
        samples = ContextBound([], on: clock)
    }

    func add(_ late: Duration) { samples.withValue { $0.append(late) } }

    var summary: String {
        guard !samples.value.isEmpty else { return "no on-time tick to measure" }
        let sorted = samples.value.sorted()
        let median = sorted[sorted.count / 2]
        return "fire lateness over \(sorted.count) ticks: median \(DemoCountdown.milliseconds(median)), "
            + "max \(DemoCountdown.milliseconds(sorted[sorted.count - 1]))"
    }
}
