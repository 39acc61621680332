import CGtk

/// A Swift closure run by a GObject signal: the signal's user data holds it, and GLib releases
/// it when the handler goes (the widget is finalized).
///
/// Every signal the app connects is emitted on GTK's thread, the main thread, which is the main
/// actor's: the handler checks that with `MainActor.assumeIsolated` (a trap, never a data race,
/// should GTK ever call it elsewhere).
final class SignalAction {
    private let action: @MainActor () -> Void

    private init(_ action: @escaping @MainActor () -> Void) {
        self.action = action
    }

    /// Runs `action` whenever `instance` (a `GObject *`) emits `signal`, a signal whose handler
    /// takes the instance and the user data alone ("clicked", "changed", "toggled", "activate").
    @MainActor
    static func connect(
        _ instance: UnsafeMutableRawPointer, _ signal: String, _ action: @escaping @MainActor () -> Void
    ) {
        signupgtk_connect(
            instance, signal,
            { _, data in
                guard let data else { return }
                let box = Unmanaged<SignalAction>.fromOpaque(data).takeUnretainedValue()
                MainActor.assumeIsolated { box.action() }
            }, retained(action), release)
    }

    /// Runs `action` whenever `instance`'s property changes (`signal` is "notify::NAME").
    @MainActor
    static func connectNotify(
        _ instance: UnsafeMutableRawPointer, _ signal: String, _ action: @escaping @MainActor () -> Void
    ) {
        signupgtk_connect_notify(
            instance, signal,
            { _, _, data in
                guard let data else { return }
                let box = Unmanaged<SignalAction>.fromOpaque(data).takeUnretainedValue()
                MainActor.assumeIsolated { box.action() }
            }, retained(action), release)
    }

    /// `action` in a box the signal's user data holds, retained until ``release`` runs.
    private static func retained(_ action: @escaping @MainActor () -> Void) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(SignalAction(action)).toOpaque()
    }

    /// Releases the box `data` when GLib drops the handler.
    private static let release: GClosureNotify = { data, _ in
        guard let data else { return }
        Unmanaged<SignalAction>.fromOpaque(data).release()
    }
}
