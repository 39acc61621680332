/// The real clocks ``RealClock`` makes: what `linemode --clock` and `hourglass-demo --clock`
/// name besides the virtual clock.
package enum RealClockKind: String, CaseIterable, Sendable {
    /// `DispatchClock` (GCD) on a serial queue of its own.
    case dispatch
    /// `LibeventClock`, its loop run where ``RealClock`` runs it (Linux only).
    case libevent
    /// `GLibClock` on a GLib main context and thread of its own (Linux only).
    case glib
}
