#if os(Linux)
import Foundation
import Hourglass
import HourglassLibevent
import TestSupport
import Testing

@Suite("LibeventClock lifecycle", .serialized)
struct LibeventClockTests {
    @Test("run() on the caller's thread until a callback calls shutdown()")
    func runOnCallersThread() throws {
        let clock = try LibeventClock()
        let fired = Recorder<Bool>()
        let stopper = try clock.oneShot(after: .milliseconds(20)) { _ in
            fired.append(clock.isOnContext)
            clock.shutdown()
        }
        let leftOver = try clock.oneShot(after: .seconds(60)) { _ in fired.append(false) }
        try clock.run()
        #expect(fired.values == [true])
        #expect(stopper.state == .finished)
        #expect(leftOver.state == .cancelled)
        #expect(clock.method == "shut down")
        expectNothingPending(clock)
        #expect(throws: LibeventError.shutDown) { try clock.run() }
        #expect(throws: LibeventError.shutDown) { try clock.start() }
    }

    @Test("start() runs the loop on its own thread; a second start is refused; stop is idempotent")
    func startAndStop() throws {
        let clock = try LibeventClock()
        #expect(clock.method == "epoll")
        try clock.start()
        #expect(throws: LibeventError.alreadyRunning) { try clock.start() }
        let onLoop = Box<Bool?>(nil)
        let timer = try clock.oneShot(after: .milliseconds(5)) { _ in onLoop.value = clock.isOnContext }
        let end = ContinuousClock.now + .seconds(2)
        while onLoop.value == nil && ContinuousClock.now < end { Thread.sleep(forTimeInterval: 0.001) }
        #expect(onLoop.value == true)
        #expect(timer.state == .finished)
        #expect(clock.isOnContext == false)
        #expect(clock.failure == nil)
        clock.shutdown()
        clock.shutdown()
        #expect(clock.method == "shut down")
        // A plain stop is not a failure; the next start says the clock was stopped.
        #expect(clock.failure == nil)
        #expect(throws: LibeventError.shutDown) { try clock.start() }
        expectNothingPending(clock)
    }

    @Test("shutdown() before the loop ever ran frees everything; releasing a running clock stops it")
    func stopWithoutRunning() throws {
        let clock = try LibeventClock()
        let timer = try clock.oneShot(after: .seconds(1)) { _ in }
        clock.shutdown()
        #expect(timer.state == .cancelled)
        #expect(throws: LibeventError.shutDown) { try clock.run() }
        var running: LibeventClock? = try LibeventClock()
        try running?.start()
        let survivor = try running?.repeating(every: .milliseconds(1)) { _ in }
        running = nil
        #expect(survivor?.state == .cancelled)
    }

    @Test("the libevent version is reported")
    func version() {
        #expect(LibeventClock.libeventVersion.hasPrefix("2."))
    }

    @Test("the error messages say what to do")
    func messages() {
        #expect(
            LibeventError.shutDown.description
                == "the clock was shut down and its resources freed; make a new LibeventClock")
        #expect(
            LibeventError.alreadyRunning.description
                == "the libevent loop is already running; a clock runs one loop at a time")
        #expect(
            LibeventError.systemCall(name: "timerfd_create", errno: 24).description
                == "timerfd_create failed: Too many open files (errno 24)")
        #expect(
            LibeventError.loopFailed.description
                == "the libevent loop ended with an error; its timers were cancelled; make a new LibeventClock")
    }
}
#endif
