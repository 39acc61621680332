import Dispatch
import Foundation
import Hourglass
import HourglassDispatch
import Testing

#if os(Linux)
import HourglassLibevent
#endif
#if os(Linux)
import HourglassGLib
import TestSupport
#endif

/// The clocks every conformance test runs on; `continuous` is `AdaptedClock(ContinuousClock())`,
/// `glib` a `GLibClock` on a context of its own, `glibMain` one on GLib's default main context,
/// run by ``MainContextLoop`` as a GTK app runs it.
enum ClockKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case virtual, dispatch, libevent, glib
    case glibMain = "glib-main"
    case continuous

    var testDescription: String { rawValue }

    /// The clocks this platform has: libevent and GLib are Linux-only.
    static var allCases: [ClockKind] {
        var kinds: [ClockKind] = [.virtual, .dispatch]
        #if os(Linux)
        kinds.append(.libevent)
        #endif
        #if os(Linux)
        kinds += [.glib, .glibMain]
        #endif
        return kinds + [.continuous]
    }

    /// The real clocks this platform has.
    static var realClocks: [ClockKind] { allCases.filter { $0 != .virtual } }
}

/// One clock under test, with "let time pass" done the clock's way: the virtual clock
/// advances; a real clock's loop runs on its own thread while the test thread sleeps.
///
/// Tolerances on real clocks: callbacks must never run before their deadline (exact, as
/// the queue re-arms when woken early), and must have run within `limit` (2 s by default)
/// of when they were due. 2 s is deliberately loose: CI is a loaded 2-core VM, and these
/// tests check semantics; how late a real clock fires is measured by the benchmark instead.
final class ClockHarness: Sendable {
    let kind: ClockKind
    let clock: any TimerClock
    private let virtual: VirtualClock?
    private let dispatch: DispatchClock?
    private let adapted: AdaptedClock?
    /// A clock this file cannot name on every platform (libevent, GLib), reached through closures.
    private let loop: LoopControls?
    /// Marks the dispatch clock's queue, to check that callbacks run there.
    private let queueKey = DispatchSpecificKey<Bool>()
    /// The thread advancing the virtual clock, while it does.
    private let advancingThread = Box<pthread_t?>(nil)

    init(_ kind: ClockKind) throws {
        self.kind = kind
        switch kind {
        case .virtual:
            let clock = VirtualClock()
            (virtual, dispatch, loop, adapted) = (clock, nil, nil, nil)
            self.clock = clock
        case .dispatch:
            let queue = DispatchQueue(label: "conformance")
            queue.setSpecific(key: queueKey, value: true)
            let clock = DispatchClock(queue: queue)
            (virtual, dispatch, loop, adapted) = (nil, clock, nil, nil)
            self.clock = clock
        case .libevent:
            #if os(Linux)
            let clock = try LibeventClock()
            try clock.start()
            let controls = LoopControls(
                isOnContext: { clock.isOnContext }, shutdown: { clock.shutdown() },
                waitForShutdown: { clock.shutdown() })
            (virtual, dispatch, loop, adapted) = (nil, nil, controls, nil)
            self.clock = clock
            #else
            throw UnavailableClockError()
            #endif
        case .glib:
            #if os(Linux)
            let clock = try GLibClock()
            // shutdown() from the test's thread returns once the clock's thread has ended.
            let controls = LoopControls(
                isOnContext: { clock.isOnContext }, shutdown: { clock.shutdown() },
                waitForShutdown: { clock.shutdown() })
            (virtual, dispatch, loop, adapted) = (nil, nil, controls, nil)
            self.clock = clock
            #else
            throw UnavailableClockError()
            #endif
        case .glibMain:
            #if os(Linux)
            MainContextLoop.start()
            let clock = try GLibClock.mainContext()
            let controls = LoopControls(
                isOnContext: { clock.isOnContext && MainContextLoop.isLoopThread }, shutdown: { clock.shutdown() },
                waitForShutdown: { MainContextLoop.sync() })
            (virtual, dispatch, loop, adapted) = (nil, nil, controls, nil)
            self.clock = clock
            #else
            throw UnavailableClockError()
            #endif
        case .continuous:
            let queue = DispatchQueue(label: "conformance")
            queue.setSpecific(key: queueKey, value: true)
            let clock = AdaptedClock(ContinuousClock(), queue: queue)
            (virtual, dispatch, loop, adapted) = (nil, nil, nil, clock)
            self.clock = clock
        }
    }

    /// Lets `duration` of clock time pass.
    func pass(_ duration: Duration) {
        if let virtual {
            advancingThread.value = pthread_self()
            virtual.advance(by: duration)
            advancingThread.value = nil
        } else {
            let (seconds, attoseconds) = duration.components
            Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
        }
    }

    /// Fires `timer` by hand: on the virtual clock it runs at once, on the calling thread, which
    /// is then the clock's context.
    func fire(_ timer: TimerHandle) {
        advancingThread.value = virtual == nil ? nil : pthread_self()
        timer.fire()
        advancingThread.value = nil
    }

    /// Lets time pass until `condition` holds, checking every millisecond, for at most `limit`.
    @discardableResult
    func wait(limit: Duration = .seconds(2), until condition: () -> Bool) -> Bool {
        let end = clock.now + limit
        while !condition() {
            if clock.now >= end { return false }
            pass(.milliseconds(1))
        }
        return true
    }

    /// Waits until every callback already due has run, by queueing one more and waiting for it.
    func drain() {
        let reached = Box(false)
        _ = try? clock.schedule(after: .zero) { _ in reached.value = true }
        if virtual != nil {
            pass(.zero)
        } else {
            wait { reached.value }
        }
    }

    /// Whether the caller is on the clock's serial context.
    var isOnContext: Bool {
        switch kind {
        case .virtual: advancingThread.value.map { pthread_equal($0, pthread_self()) != 0 } ?? false
        case .libevent, .glib, .glibMain: loop?.isOnContext() == true
        case .dispatch, .continuous: DispatchQueue.getSpecific(key: queueKey) == true
        }
    }

    /// Shuts a real clock down: every timer cancelled, every resource freed.
    func shutdown() {
        dispatch?.shutdown()
        loop?.shutdown()
        adapted?.shutdown()
    }

    /// After a shutdown from a callback, off the clock's context: waits until the run of due
    /// timers that callback was in has ended.
    func waitForShutdown() {
        dispatch?.queue.sync {}
        adapted?.queue?.sync {}
        loop?.waitForShutdown()
    }
}

/// What the harness does to a clock it reaches through closures.
struct LoopControls: Sendable {
    /// Whether the caller is on the clock's context.
    var isOnContext: @Sendable () -> Bool
    /// Shuts the clock down.
    var shutdown: @Sendable () -> Void
    /// After a shutdown from a callback, off the context: waits until that callback's run has ended.
    var waitForShutdown: @Sendable () -> Void
}

/// The libevent or GLib clock was asked for where it is not built (they are Linux-only).
struct UnavailableClockError: Error {}
