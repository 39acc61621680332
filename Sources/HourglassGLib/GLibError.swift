#if canImport(CGLib)
import Foundation

/// Why a ``GLibClock`` could not be made, or stopped running its timers.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum GLibError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A system call failed; `errno` says why: `timerfd_create` or reserving the descriptors
    /// GLib needs (`EMFILE`: too many open files), `pthread_create` for the clock's own loop
    /// thread, or `timerfd_settime` and `read` once the clock runs.
    case systemCall(name: String, errno: Int32)

    /// What failed and why, in words.
    public var description: String {
        switch self {
        case .systemCall(let name, let errno):
            "\(name) failed: \(String(cString: strerror(errno))) (errno \(errno))"
        }
    }
}
#endif
