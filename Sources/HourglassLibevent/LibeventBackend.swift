#if canImport(CLibevent)
import CLibevent
import Foundation
import Hourglass

/// The C side of ``LibeventClock``: an event base with the precise-timer flag and one
/// persistent read event on a `CLOCK_BOOTTIME` timerfd, which is the clock's only wake-up.
///
/// Arming the timerfd is a plain system call, safe from any thread, and it wakes the loop by
/// itself (the fd becomes readable), so no libevent call ever crosses threads. A stop request
/// arms the same fd at once, so it cannot be lost even before the loop has started.
final class LibeventBackend: TimerBackend, @unchecked Sendable {
    // @unchecked Sendable: `base`, `event` and `timerFD` are created in init and freed in
    // `teardown`, which runs once, after the loop has ended, on the loop's thread (or in init's
    // failure path). Between those, libevent calls happen on the loop thread only; other
    // threads only call timerfd_settime on `timerFD`, under `lock`, which also guards
    // `stopRequested`, `phase`, `loopFailure` and `loopThread`; `runner` is set once, in
    // `attach`, before the clock is shared.
    private var base: OpaquePointer?
    private var event: OpaquePointer?
    private let timerFD: Int32
    private let lock = Lock()
    /// Signalled (and passed on by each waiter) once the loop has been entered, or has ended.
    private let started = DispatchSemaphore(value: 0)
    /// Signalled (and passed on by each waiter) once the loop has ended and everything is freed.
    private let ended = DispatchSemaphore(value: 0)
    private var stopRequested = false
    private var phase = Phase.ready
    private var loopFailure: LibeventError?
    private var runner: TimerRunner?
    private var loopThread: pthread_t?

    enum Phase { case ready, running, ended }

    private static let threadsEnabled: Bool = evthread_use_pthreads() == 0

    init() throws(LibeventError) {
        guard Self.threadsEnabled else { throw .cannotEnableThreads }
        let fd = hourglass_timerfd_create()
        guard fd >= 0 else { throw .systemCall(name: "timerfd_create", errno: errno) }
        timerFD = fd
        if let shortage = Self.descriptorShortage(besides: fd) {
            close(fd)
            throw shortage
        }
        guard let config = event_config_new() else {
            close(fd)
            throw .cannotCreateBase
        }
        // Without the precise flag libevent reads a 4 ms coarse clock here and fires early.
        guard event_config_set_flag(config, Int32(EVENT_BASE_FLAG_PRECISE_TIMER.rawValue)) == 0 else {
            event_config_free(config)
            close(fd)
            throw .cannotCreateBase
        }
        base = event_base_new_with_config(config)
        event_config_free(config)
        guard base != nil else {
            close(fd)
            throw .cannotCreateBase
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        event = event_new(
            base, fd, Int16(EV_READ | EV_PERSIST),
            { _, _, context in
                guard let context else { return }
                Unmanaged<LibeventBackend>.fromOpaque(context).takeUnretainedValue().timerFDReadable()
            }, context)
        guard event != nil, event_add(event, nil) == 0 else {
            teardown()
            throw .cannotRegisterEvent
        }
    }

    /// How many descriptors libevent's epoll base takes (epoll, a socketpair for signals, an
    /// eventfd to be woken, an internal pipe).
    private static let descriptorsNeeded = 5

    /// Why libevent could not get the descriptors it needs, or nil. libevent does not fail
    /// cleanly there: its fatal-error handler exits the process when the signal socketpair
    /// cannot be made. So they are counted first, by duplicating `fd` that many times.
    private static func descriptorShortage(besides fd: Int32) -> LibeventError? {
        FileDescriptorReserve.shortage(of: descriptorsNeeded, duplicating: fd).map {
            .systemCall(name: "reserving the \(descriptorsNeeded) descriptors libevent needs", errno: $0)
        }
    }

    /// Written once, from the queue's initializer, before the clock is shared.
    func attach(_ runner: TimerRunner) {
        self.runner = runner
    }

    /// The backend's name inside libevent, e.g. "epoll".
    var method: String {
        lock.withLock { base.flatMap { event_base_get_method($0) }.map { String(cString: $0) } ?? "shut down" }
    }

    // MARK: TimerBackend

    var now: TimerInstant { MonotonicTime.now() }

    func wake(at instant: TimerInstant?) {
        lock.withLock {
            guard !stopRequested, phase != .ended, loopFailure == nil else { return }
            let result =
                instant.map { hourglass_timerfd_arm(timerFD, $0.nanoseconds) } ?? hourglass_timerfd_disarm(timerFD)
            let code = errno
            // No timer could fire any more: the loop ends with the reason.
            if result != 0 { failLocked(.systemCall(name: "timerfd_settime", errno: code)) }
        }
    }

    /// Why the loop ended on its own, if it failed.
    var failure: LibeventError? { lock.withLock { loopFailure } }

    /// Records the first failure and asks the running loop to end. Caller holds `lock`.
    private func failLocked(_ failure: LibeventError) {
        guard loopFailure == nil else { return }
        loopFailure = failure
        // With libevent's thread support on, `event_base_loopbreak` wakes the loop from any
        // thread; before the loop runs, `run()` finds the failure and does not start it. Should
        // the loopbreak itself fail, the next timerfd wake-up ends the loop (it checks the failure).
        if phase == .running, let base { _ = event_base_loopbreak(base) }
    }

    // MARK: Loop

    /// Throws when the loop cannot run now: it is running already, or it was stopped.
    func ensureReady() throws(LibeventError) {
        try lock.withLock { () throws(LibeventError) in
            if let loopFailure { throw loopFailure }
            switch phase {
            case .ready: return
            case .running: throw .alreadyRunning
            case .ended: throw .shutDown
            }
        }
    }

    /// Waits until the loop has been entered on another thread, or has ended.
    func waitUntilStarted() {
        started.wait()
        started.signal()
    }

    /// Runs the loop on the calling thread until ``requestStop()``; then frees everything.
    func run() throws(LibeventError) {
        try lock.withLock { () throws(LibeventError) in
            if let loopFailure { throw loopFailure }
            switch phase {
            case .running: throw .alreadyRunning
            case .ended: throw .shutDown
            case .ready:
                phase = .running
                loopThread = pthread_self()
            }
        }
        started.signal()
        let result = event_base_loop(base, EVLOOP_NO_EXIT_ON_EMPTY)
        let failure = lock.withLock { () -> LibeventError? in
            // The loop ends only when asked to; ending any other way is a failure.
            if result < 0 || (!stopRequested && loopFailure == nil) {
                loopFailure = loopFailure ?? .loopFailed
            }
            return loopFailure
        }
        teardown()
        if let failure { throw failure }
    }

    /// Asks the loop to end and waits until it has, unless called on the loop's own thread
    /// (from a callback), where it returns at once and the loop ends after the callback.
    func requestStop() {
        // First, so that no timer due meanwhile starts: a run of due timers in progress ends
        // after the callback it is in. (Outside `lock`: cancelling re-arms through `wake(at:)`.)
        lock.withLock { phase == .ended ? nil : runner }?.shutdown()
        let next = lock.withLock { () -> StopStep in
            switch phase {
            case .ended:
                return .none
            case .ready:
                stopRequested = true
                phase = .ended
                return .tearDown
            case .running:
                stopRequested = true
                // The timerfd wakes the loop; should arming it fail, a loopbreak does (both are
                // safe from any thread with libevent's thread support on).
                if hourglass_timerfd_arm(timerFD, 1) != 0, let base { _ = event_base_loopbreak(base) }
                if let loopThread, pthread_equal(loopThread, pthread_self()) != 0 { return .none }
                return .waitForEnd
            }
        }
        switch next {
        case .none: break
        case .tearDown: teardown()
        case .waitForEnd:
            ended.wait()
            ended.signal()
        }
    }

    /// What ``requestStop()`` does once the stop is recorded.
    private enum StopStep { case none, tearDown, waitForEnd }

    /// Whether the caller is on the loop's thread.
    var isLoopThread: Bool {
        lock.withLock { loopThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    private func timerFDReadable() {
        let drained = hourglass_timerfd_drain(timerFD)
        let readError = drained < 0 ? errno : 0
        let stop = lock.withLock { () -> Bool in
            // EAGAIN is a spurious wake-up; any other error leaves the fd readable for ever.
            if readError != 0 && readError != EAGAIN && readError != EINTR {
                failLocked(.systemCall(name: "read(timerfd)", errno: readError))
            }
            return stopRequested || loopFailure != nil
        }
        if stop {
            // On the loop's own thread a loopbreak cannot fail (it only sets a flag).
            _ = event_base_loopbreak(base)
            return
        }
        runner?.runDue()
    }

    /// Cancels the pending timers, for good, and frees every C resource. Runs once.
    private func teardown() {
        runner?.shutdown()
        lock.withLock {
            if let event { event_free(event) }
            event = nil
            if let base { event_base_free(base) }
            base = nil
            // The descriptor is released even when close reports an error (Linux), so there is
            // nothing to retry and nothing left to leak.
            close(timerFD)
            phase = .ended
        }
        started.signal()
        ended.signal()
    }
}
#endif
