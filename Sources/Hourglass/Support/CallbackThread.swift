#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The identity of a thread, to answer "am I the thread running that callback?".
struct CallbackThread: Sendable, Hashable {
    /// `pthread_self()` as a number: an identifier, compared and never dereferenced.
    private let id: UInt

    static var current: CallbackThread { CallbackThread(id: currentID()) }

    var isCurrent: Bool { id == Self.currentID() }

    private static func currentID() -> UInt {
        #if canImport(Glibc)
        UInt(pthread_self())
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }
}
