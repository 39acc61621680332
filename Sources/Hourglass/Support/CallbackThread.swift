#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The identity of the thread running a timer callback, to answer "am I that callback?".
struct CallbackThread: @unchecked Sendable {
    // @unchecked Sendable: a pthread_t is an opaque identifier, only compared with
    // pthread_equal, never dereferenced.
    let thread: pthread_t

    static var current: CallbackThread { CallbackThread(thread: pthread_self()) }

    var isCurrent: Bool { pthread_equal(thread, pthread_self()) != 0 }
}
