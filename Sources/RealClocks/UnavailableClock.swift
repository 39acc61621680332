/// A clock that this platform does not have.
package enum UnavailableClock: Error, Hashable, Sendable, CustomStringConvertible {
    /// `LibeventClock` is built on Linux alone (from Debian's libevent-dev).
    case libevent
    /// `GLibClock` is built on Linux alone (from Debian's libglib2.0-dev).
    case glib

    package var description: String {
        switch self {
        case .libevent: "the libevent clock is available on Linux only; use --clock dispatch or virtual"
        case .glib: "the GLib clock is available on Linux only; use --clock dispatch or virtual"
        }
    }
}
