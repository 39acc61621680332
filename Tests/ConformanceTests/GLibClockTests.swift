#if os(Linux)
import CGLib
import Dispatch
import Foundation
import Hourglass
import HourglassGLib
import TestSupport
import Testing

/// What the conformance suite does not cover of `GLibClock`: a context the app runs, a clock
/// released inside its own callback, its time base, and what it says when the system refuses.
@Suite("GLibClock lifecycle", .serialized)
struct GLibClockTests {
    @Test("its own context: callbacks on its thread, off the caller's; shutdown is idempotent and final")
    func ownContext() throws {
        let clock = try GLibClock()
        let onContext = Box<Bool?>(nil)
        let timer = try clock.oneShot(after: .milliseconds(5)) { _ in onContext.value = clock.isOnContext }
        #expect(Self.wait { onContext.value != nil })
        #expect(onContext.value == true)
        #expect(timer.state == .finished)
        #expect(clock.isOnContext == false)
        let pending = try clock.oneShot(after: .seconds(60)) { _ in Issue.record("ran after the shutdown") }
        clock.shutdown()
        clock.shutdown()
        #expect(pending.state == .cancelled)
        #expect(clock.failure == nil)
        let later = try clock.oneShot(after: .milliseconds(1)) { _ in Issue.record("ran after the shutdown") }
        #expect(later.state == .cancelled)
        expectNothingPending(clock)
    }

    @Test("a context the app runs: callbacks and work handed over from other threads run on its thread")
    func appContext() throws {
        let context = ContextPointer(g_main_context_new())
        defer { g_main_context_unref(context.pointer) }
        let clock = try GLibClock(unsafeGMainContext: context.pointer)
        let app = AppLoop(context)
        let seen = Recorder<String>()
        let timer = try clock.oneShot(after: .milliseconds(5)) { _ in
            seen.append("timer \(clock.isOnContext) \(app.isLoopThread)")
        }
        let handedOver = DispatchSemaphore(value: 0)
        Thread {
            clock.perform {
                seen.append("perform \(clock.isOnContext) \(app.isLoopThread)")
                handedOver.signal()
            }
        }.start()
        #expect(handedOver.wait(timeout: .now() + 30) == .success)
        #expect(Self.wait { timer.state == .finished })
        #expect(seen.values.sorted() == ["perform true true", "timer true true"])  // each once
        #expect(clock.isOnContext == false)
        clock.shutdown()
        #expect(app.stop())
        expectNothingPending(clock)
    }

    @Test("released inside its own callback: the timers still due never run")
    func releasedInCallback() throws {
        let holder = Box<GLibClock?>(try GLibClock())
        let released = DispatchSemaphore(value: 0)
        let ranLater = Box(false)
        let deadline = try #require(holder.value).now + .milliseconds(20)
        try holder.value?.schedule(at: deadline) { _ in
            holder.value = nil
            released.signal()
        }
        try holder.value?.schedule(at: deadline) { _ in ranLater.value = true }
        try holder.value?.schedule(at: deadline + .milliseconds(30)) { _ in ranLater.value = true }
        released.wait()
        Thread.sleep(forTimeInterval: 0.1)
        #expect(ranLater.value == false)
    }

    @Test(
        "released or shut down, a clock closes its timerfd and frees its context: 500 leave no descriptor")
    func nothingLeftBehind() throws {
        let before = Self.openDescriptors()
        for index in 0..<500 {
            // Each with a timer pending, on its own context and on the default one (whose
            // source is destroyed off its thread); half shut down first, half only released.
            let own = try GLibClock()
            let main = try GLibClock.mainContext()
            _ = try own.schedule(after: .seconds(60)) { _ in }
            _ = try main.schedule(after: .seconds(60)) { _ in }
            if index.isMultiple(of: 2) {
                own.shutdown()
                main.shutdown()
            }
        }
        // A leak would be 1 500 descriptors (a timerfd each, an eventfd for each own context);
        // the margin is for the other suites' descriptors, open meanwhile.
        #expect(Self.openDescriptors() - before < 200)
    }

    /// How many descriptors this process has open.
    private static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }

    @Test("its time is the boot-time clock the other real clocks read")
    func timeBase() throws {
        let clock = try GLibClock()
        var spec = timespec()
        clock_gettime(CLOCK_BOOTTIME, &spec)
        let boot = Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
        let difference = clock.now.nanoseconds - boot
        #expect(difference >= 0 && difference < 1_000_000_000)
    }

    @Test("the error messages say what failed")
    func messages() {
        #expect(
            GLibError.systemCall(name: "timerfd_create", errno: 24).description
                == "timerfd_create failed: Too many open files (errno 24)")
    }

    /// Clock, spare descriptors, and the error, from `hourglass-demo` with a tiny
    /// RLIMIT_NOFILE: GLib would abort the process without its context's wake-up, so the
    /// clock counts first.
    static let shortages: [(Int, String)] = [
        (0, "timerfd_create failed: Too many open files (errno 24)"),
        (1, "reserving the 2 descriptors GLib needs failed: Too many open files (errno 24)"),
        (2, "reserving the 2 descriptors GLib needs failed: Too many open files (errno 24)"),
    ]

    @Test("fewer descriptors than the clock needs: a clear error, never an abort", arguments: shortages)
    func tooFewDescriptors(extra: Int, message: String) throws {
        let run = try LibeventFailureTests.demo(["--clock", "glib", "--seconds", "1", "--extra-open-files", "\(extra)"])
        #expect(run.status == 1)
        #expect(run.stderr == "Error: \(message)\n")
        #expect(run.stdout == "")
    }

    @Test("just enough descriptors: the countdown runs")
    func enoughDescriptors() throws {
        let run = try LibeventFailureTests.demo(["--clock", "glib", "--seconds", "1", "--extra-open-files", "3"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("finished"))
    }

    /// Waits in real time, checking every millisecond, for at most 2 s.
    private static func wait(until condition: () -> Bool) -> Bool {
        let end = ContinuousClock.now + .seconds(2)
        while !condition() {
            if ContinuousClock.now >= end { return false }
            Thread.sleep(forTimeInterval: 0.001)
        }
        return true
    }
}
#endif
