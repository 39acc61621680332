#if os(Linux)
import Foundation
import Hourglass
import HourglassGLib
import Testing

// The samples of the HourglassGLib catalog, verbatim (tools/check-samples checks them).
@Suite("Documentation samples: the GLib clock", .serialized)
struct GLibSamples {
    @Test("a countdown on GLib's default main context waits for the app's loop; shutdown cancels it")
    func mainContext() throws {
        let shown = Printed()

        // In a GTK app, before it runs its loop (gtk_application_run, g_application_run):
        let clock = try GLibClock.mainContext()  // GTK's context: callbacks on the app's main thread
        let resend = try clock.countdown(for: .seconds(60)) { tick in
            shown.append("Resend in \(tick.remainingSeconds)s")  // a GTK label may be set here
        } onFinish: {
            shown.append("Resend")
        }

        // Whoever runs the default context (no one, or another suite of this process) has not
        // got to its finish in a minute.
        #expect(resend.state == .running)
        #expect(clock.isOnContext == false)
        clock.shutdown()
        #expect(resend.state == .cancelled)
        #expect(!shown.lines.contains("Resend"))
    }

    @Test("a GLib clock with a context of its own fires on the thread it owns")
    func ownContext() throws {
        let shown = Printed()

        let clock = try GLibClock()  // a context of its own, on a thread it owns
        let done = try clock.oneShot(after: .milliseconds(10)) { _ in
            shown.append("on the clock's thread: \(clock.isOnContext)")
        }

        let end = ContinuousClock.now + .seconds(5)
        while done.state != .finished && ContinuousClock.now < end { Thread.sleep(forTimeInterval: 0.001) }
        #expect(shown.lines == ["on the clock's thread: true"])
        clock.shutdown()
    }
}
#endif
