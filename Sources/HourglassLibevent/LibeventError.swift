#if canImport(CLibevent)
import Foundation

/// Why a ``LibeventClock`` could not be made or run.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum LibeventError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `evthread_use_pthreads()` failed: libevent_pthreads is missing or broken.
    case cannotEnableThreads
    /// `event_base_new_with_config` returned nothing (out of memory or file descriptors).
    case cannotCreateBase
    /// A system call failed; `errno` says why.
    case systemCall(name: String, errno: Int32)
    /// `event_add` refused the timer event.
    case cannotRegisterEvent
    /// The loop is already running; a clock runs one loop at a time.
    case alreadyRunning
    /// The clock was shut down; its resources are freed and it cannot run again.
    case shutDown
    /// `event_base_loop` ended with an error while the clock was running; its timers were
    /// cancelled and it cannot run again.
    case loopFailed

    public var description: String {
        switch self {
        case .cannotEnableThreads:
            "libevent thread support could not be enabled (evthread_use_pthreads failed); is libevent_pthreads installed?"
        case .cannotCreateBase:
            "libevent could not create an event base (out of memory or file descriptors?)"
        case .systemCall(let name, let errno):
            "\(name) failed: \(String(cString: strerror(errno))) (errno \(errno))"
        case .cannotRegisterEvent:
            "libevent refused to register the clock's timer event"
        case .alreadyRunning:
            "the libevent loop is already running; a clock runs one loop at a time"
        case .shutDown:
            "the clock was shut down and its resources freed; make a new LibeventClock"
        case .loopFailed:
            "the libevent loop ended with an error; its timers were cancelled; make a new LibeventClock"
        }
    }
}
#endif
