import ArgumentParser
import RealClocks

/// The clocks `hourglass-demo --clock` names: the virtual clock, or a real one.
enum DemoClock: String, CaseIterable, ExpressibleByArgument {
    case virtual, dispatch, libevent, glib

    /// The real clock this names; nil for the virtual clock.
    var realClockKind: RealClockKind? { RealClockKind(rawValue: rawValue) }
}
