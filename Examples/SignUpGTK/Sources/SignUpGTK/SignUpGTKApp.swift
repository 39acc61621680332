import CGtk
import Foundation
import HourglassGLib

/// The app: a GtkApplication whose window binds Hourglass's sign-up models, on a `GLibClock` on
/// GLib's default main context — the one GTK's loop runs, so every timer, service reply and
/// model change happens on GTK's thread.
@main
@MainActor
enum SignUpGTKApp {
    static func main() {
        let environment = AppEnvironment()
        if let usage = environment.usageError {
            FileHandle.standardError.write(Data("SignUpGTK: \(usage)\n".utf8))
            exit(2)
        }
        let clock: GLibClock
        do { clock = try GLibClock.mainContext() } catch {
            // No trap at the top level: say why, and exit 1.
            FileHandle.standardError.write(Data("SignUpGTK: cannot start its clock: \(error)\n".utf8))
            exit(1)
        }
        let application = signupgtk_application_new(AppEnvironment.applicationID)!
        var window: AppWindow?
        SignalAction.connect(UnsafeMutableRawPointer(application), "activate") {
            if window == nil { window = AppWindow(application: application, clock: clock, environment: environment) }
            window?.present()
        }
        let status = signupgtk_application_run(application)
        window = nil
        g_object_unref(UnsafeMutableRawPointer(application))
        clock.shutdown()
        if status != 0 { exit(status) }
    }
}
