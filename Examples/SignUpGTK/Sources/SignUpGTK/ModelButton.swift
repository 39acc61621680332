import CGtk
import SignUp

/// A push button as a model's screen shows it: title, sensitivity and accessible label and
/// description (the label fixed, e.g. "Send code"; the description what changes, "42 seconds")
/// all come from a `ButtonView`.
@MainActor
final class ModelButton {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var shown: ButtonView?

    /// A button named `name` that calls `onClick` when clicked.
    init(name: String, onClick: @escaping @MainActor () -> Void) {
        widget = gtk_button_new()
        Gtk.name(widget, name)
        SignalAction.connect(Gtk.object(widget), "clicked", onClick)
    }

    /// Shows `button`, or hides the button while the screen offers none.
    func render(_ button: ButtonView?) {
        gtk_widget_set_visible(widget, button != nil ? 1 : 0)
        guard let button else { return }
        render(button)
    }

    /// Shows `button`.
    func render(_ button: ButtonView) {
        guard button != shown else { return }
        shown = button
        gtk_button_set_label(signupgtk_button(widget), button.title)
        Gtk.setSensitive(widget, button.isEnabled)
        Gtk.describe(widget, label: button.accessibilityLabel, description: button.accessibilityValue)
    }
}
