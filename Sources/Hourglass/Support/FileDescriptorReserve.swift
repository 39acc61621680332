#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Tells whether a number of file descriptors can still be opened, before a library that
/// cannot fail cleanly without them (libevent exits the process, libdispatch traps) is asked
/// to make its own.
package enum FileDescriptorReserve {
    /// Duplicates `descriptor` (an open one) `count` times and closes the copies: nil when all
    /// could be made, else errno of the first that could not (`EMFILE`: too many open files).
    package static func shortage(of count: Int, duplicating descriptor: Int32) -> Int32? {
        var probes: [Int32] = []
        defer { for probe in probes { close(probe) } }
        for _ in 0..<count {
            let probe = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
            guard probe >= 0 else { return errno }
            probes.append(probe)
        }
        return nil
    }
}
