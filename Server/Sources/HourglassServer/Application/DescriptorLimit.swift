#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit on open files, which bounds its connections: each is a descriptor.
enum DescriptorLimit {
    /// Descriptors kept beside the connections: the database's, the log's, the event loops'.
    static let reserve = 64

    /// Raises the soft limit on open files to the hard one (as a server does, since many systems
    /// start processes at a soft 1 024), and gives the soft limit in force; nil when it cannot
    /// be read.
    static func raise() -> Int? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            #if canImport(Darwin)
            // Darwin refuses a soft limit above OPEN_MAX, though its hard limit may be unlimited.
            raised.rlim_cur = min(limit.rlim_max, rlim_t(OPEN_MAX))
            #else
            raised.rlim_cur = limit.rlim_max
            #endif
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur >= rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
    }

    #if canImport(Glibc)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resource = RLIMIT_NOFILE
    #endif
}
