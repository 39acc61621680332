/// The clock time a script (or a live session) has let pass so far, kept within what a clock
/// counts: its instants are 64-bit nanoseconds, about 292 years, so a script's waits and
/// suspensions together may take it at most ``longest`` (100 years) — past that, every stamp
/// would stick at the clock's last instant and every timer would fire at once.
struct ScriptClockTime: Sendable {
    /// The most clock time a script may let pass: 100 years of 365 days.
    static let longest = Duration.seconds(100 * 365 * 86_400)

    /// The waits and suspensions so far.
    private(set) var total = Duration.zero

    /// None yet.
    init() {}

    /// Counts `command`'s wait or suspension, or throws, counting nothing, when it would take
    /// the total past ``longest``.
    mutating func add(_ command: ScriptCommand?, line: Int) throws(ScriptError) {
        switch command {
        case .wait(let duration), .suspend(let duration):
            guard total + duration <= Self.longest else {
                throw ScriptError(
                    line: line,
                    "takes the script's clock time past 100 years (its waits and suspensions add up to more), "
                        + "more than a clock counts")
            }
            total += duration
        default:
            break
        }
    }
}
