#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The host's monotonic time that keeps counting while the process or machine is suspended.
package enum MonotonicTime: Sendable {
    /// Now, in nanoseconds since boot: `CLOCK_BOOTTIME` on Linux (the clock Swift's
    /// `ContinuousClock` uses there), `CLOCK_MONOTONIC` on Apple platforms (which counts
    /// sleep there).
    package static func now() -> TimerInstant {
        var spec = timespec()
        #if os(Linux) || os(Android)
        clock_gettime(CLOCK_BOOTTIME, &spec)
        #else
        clock_gettime(CLOCK_MONOTONIC, &spec)
        #endif
        return TimerInstant(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }
}
