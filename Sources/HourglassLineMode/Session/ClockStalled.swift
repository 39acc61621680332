import Foundation

/// A script ran on a real clock that fell behind: a timer or a script step started a whole tick
/// (1 s of script time) or more after its instant, outside a `suspend`, so a countdown may have
/// skipped a value the virtual clock shows (a countdown shows the boundary its clock has reached;
/// less late, it shows every one). The runner measures this itself: every callback, a step's
/// included, is timed by a clock read as it starts, so one held up behind a long one counts
/// too; nothing guesses it from the transcript.
///
/// Thrown after the whole script ran and its transcript was written. Run it again with a larger
/// time scale (`--time-scale`): one script second then lasts longer in real time. `linemode`
/// exits with ``LineModeExit/clockStalled``.
public struct ClockStalled: Error, Sendable, CustomStringConvertible {
    /// How late, in script time, the latest callback of the run started.
    public let lateness: Duration
    /// The run's time scale: real seconds per script second.
    public let timeScale: Double
    /// The transcript the run printed, when it was collected (``ScriptRunner/transcript(of:options:storeProblem:)``);
    /// empty when it went to a sink.
    public var transcript: String

    /// The lateness from which a run counts as stalled: the countdowns' tick.
    public static let threshold = Duration.seconds(1)

    /// A stall of `lateness` at `timeScale`.
    public init(lateness: Duration, timeScale: Double, transcript: String = "") {
        self.lateness = lateness
        self.timeScale = timeScale
        self.transcript = transcript
    }

    public var description: String {
        let late = Double(lateness.components.seconds) + Double(lateness.components.attoseconds) / 1e18
        return "the clock fell behind: a timer started \(String(format: "%.3f", late)) s of script time late "
            + "(a tick or more) at --time-scale \(timeScale), so the transcript may differ from the "
            + "virtual clock's; run it again with a larger --time-scale"
    }
}
