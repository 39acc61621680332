/// What a repeating timer does after a stall made it miss one or more ticks.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum MissedTickPolicy: Hashable, Sendable {
    /// Fire once for the latest tick that is due, report how many ticks were missed, and go
    /// on at the next point of the original grid. The default; GCD coalesces the same way.
    case skip
    /// Fire every missed tick one after another, each with its own scheduled instant.
    case burst
    /// Fire once, report the missed ticks, and restart the grid one interval after the late
    /// fire, so the next tick is a full interval away.
    case delay
}
