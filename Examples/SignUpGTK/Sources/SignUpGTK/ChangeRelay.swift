/// Carries a model's `onChange` to the window, which is made after the model: the model keeps
/// the relay weakly, the window sets ``action``.
@MainActor
final class ChangeRelay {
    /// What to do on each change: render the page.
    var action: (() -> Void)?

    /// Called by the model on its clock's context. The clock is GLib's default main context,
    /// which GTK's loop runs on the main thread: the main actor's. `assumeIsolated` checks it.
    nonisolated func notify() {
        MainActor.assumeIsolated { action?() }
    }
}
