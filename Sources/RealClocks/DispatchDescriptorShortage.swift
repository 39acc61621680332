import Foundation

/// GCD cannot get the file descriptors its event loop needs on Linux (an epoll instance, an
/// eventfd, a timerfd a clock): without them libdispatch traps, or its timers never fire, so
/// ``RealClock`` checks first and refuses with this.
struct DispatchDescriptorShortage: Error, CustomStringConvertible {
    /// How many descriptors are checked for.
    static let needed = 5
    /// errno of the descriptor that could not be made.
    let code: Int32

    var description: String {
        "the dispatch clock cannot open the \(Self.needed) file descriptors it needs (\(String(cString: strerror(code)))); "
            + "raise the limit (ulimit -n) or use --clock virtual"
    }
}
