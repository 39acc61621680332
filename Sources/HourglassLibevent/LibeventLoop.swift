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
final class LibeventLoop: TimerBackend, @unchecked Sendable {
    // @unchecked Sendable: `base`, `event` and `timerFD` are created in init and freed in
    // `teardown`, which runs once, after the loop has ended, on the loop's thread (or in init's
    // failure path). Between those, libevent calls happen on the loop thread only; other
    // threads only call timerfd_settime on `timerFD`, under `lock`, which also guards
    // `stopRequested` and `phase`.
    private var base: OpaquePointer?
    private var event: OpaquePointer?
    private let timerFD: Int32
    private let lock = NSCondition()
    private var stopRequested = false
    private var phase = Phase.ready
    private var runner: TimerRunner?
    private var loopThread: pthread_t?

    enum Phase { case ready, running, ended }

    private static let threadsEnabled: Bool = evthread_use_pthreads() == 0

    init() throws(LibeventError) {
        guard Self.threadsEnabled else { throw .cannotEnableThreads }
        let fd = hourglass_timerfd_create()
        guard fd >= 0 else { throw .systemCall(name: "timerfd_create", errno: errno) }
        timerFD = fd
        guard let config = event_config_new() else {
            close(fd)
            throw .cannotCreateBase
        }
        // Without the precise flag libevent reads a 4 ms coarse clock here and fires early.
        event_config_set_flag(config, Int32(EVENT_BASE_FLAG_PRECISE_TIMER.rawValue))
        base = event_base_new_with_config(config)
        event_config_free(config)
        guard base != nil else {
            close(fd)
            throw .cannotCreateBase
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        event = event_new(base, fd, Int16(EV_READ | EV_PERSIST), { _, _, context in
            guard let context else { return }
            Unmanaged<LibeventLoop>.fromOpaque(context).takeUnretainedValue().timerFDReadable()
        }, context)
        guard event != nil, event_add(event, nil) == 0 else {
            teardown()
            throw .cannotRegisterEvent
        }
    }

    /// Written once, from the queue's initializer, before the clock is shared.
    func attach(_ runner: TimerRunner) {
        self.runner = runner
    }

    /// The backend's name inside libevent, e.g. "epoll".
    var method: String {
        lock.withLock { base.flatMap { event_base_get_method($0) }.map { String(cString: $0) } ?? "stopped" }
    }

    // MARK: TimerBackend

    var now: TimerInstant { MonotonicTime.now() }

    func wake(at instant: TimerInstant?) {
        lock.withLock {
            guard !stopRequested, phase != .ended else { return }
            if let instant {
                _ = hourglass_timerfd_arm(timerFD, instant.nanoseconds)
            } else {
                _ = hourglass_timerfd_disarm(timerFD)
            }
        }
    }

    // MARK: Loop

    /// Throws when the loop cannot run now: it is running already, or it was stopped.
    func ensureReady() throws(LibeventError) {
        lock.lock()
        defer { lock.unlock() }
        switch phase {
        case .ready: return
        case .running: throw .alreadyRunning
        case .ended: throw .stopped
        }
    }

    /// Runs the loop on the calling thread until ``requestStop()``; then frees everything.
    func run() throws(LibeventError) {
        lock.lock()
        switch phase {
        case .running:
            lock.unlock()
            throw .alreadyRunning
        case .ended:
            lock.unlock()
            throw .stopped
        case .ready:
            phase = .running
            loopThread = pthread_self()
            lock.unlock()
        }
        event_base_loop(base, EVLOOP_NO_EXIT_ON_EMPTY)
        teardown()
    }

    /// Asks the loop to end and waits until it has, unless called on the loop's own thread
    /// (from a callback), where it returns at once and the loop ends after the callback.
    func requestStop() {
        lock.lock()
        defer { lock.unlock() }
        switch phase {
        case .ended:
            return
        case .ready:
            stopRequested = true
            phase = .ended
            lock.unlock()
            teardown()
            lock.lock()
        case .running:
            stopRequested = true
            _ = hourglass_timerfd_arm(timerFD, 1)
            if let loopThread, pthread_equal(loopThread, pthread_self()) != 0 { return }
            while phase != .ended { lock.wait() }
        }
    }

    /// Whether the caller is on the loop's thread.
    var isLoopThread: Bool {
        lock.withLock { loopThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    private func timerFDReadable() {
        _ = hourglass_timerfd_drain(timerFD)
        if lock.withLock({ stopRequested }) {
            event_base_loopbreak(base)
            return
        }
        runner?.runDue()
    }

    /// Cancels the pending timers and frees every C resource. Runs once.
    private func teardown() {
        runner?.cancelAll()
        lock.lock()
        if let event { event_free(event) }
        event = nil
        if let base { event_base_free(base) }
        base = nil
        close(timerFD)
        phase = .ended
        lock.broadcast()
        lock.unlock()
    }
}
#endif
