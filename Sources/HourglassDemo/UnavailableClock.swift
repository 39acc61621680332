/// A clock that this platform does not have.
enum UnavailableClock: Error, CustomStringConvertible {
    /// `LibeventClock` is built on Linux alone (from Debian's libevent-dev).
    case libevent

    var description: String {
        switch self {
        case .libevent: "the libevent clock is available on Linux only; use --clock dispatch or virtual"
        }
    }
}
