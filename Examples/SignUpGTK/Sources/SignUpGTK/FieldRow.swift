import CGtk
import PhoneNumbers
import SignUp

/// A text field as a model's screen shows it: its caption, the entry and the message under it.
/// Everything it shows comes from a `FieldView` or `SecretFieldView`; what is typed goes to
/// the model, which the next render reflects.
@MainActor
final class FieldRow {
    /// The caption, the entry and the message, top to bottom.
    let widget: UnsafeMutablePointer<GtkWidget>
    let entry: UnsafeMutablePointer<GtkWidget>
    private let caption: UnsafeMutablePointer<GtkWidget>
    private let message: UnsafeMutablePointer<GtkWidget>
    /// Set while a render writes the entry, so that GTK's "changed" is not sent back as typing.
    private var rendering = false
    private var shown: Shown?
    /// Formats a number as it is typed (a destination row), when the row has one.
    private var numberEntry: NumberEntry?

    /// What the row shows, to change only what changed.
    private struct Shown: Equatable {
        var label: String
        var placeholder: String
        var message: String?
        var isEnabled: Bool
    }

    /// A row named `name` (its parts `name.caption`, `name.entry`, `name.message`); a secret row
    /// hides what is typed; `accessory` (a button) goes beside the entry. A `leftToRight` entry
    /// (a phone number, an address, a code) keeps its text left to right in a right-to-left
    /// window, aligned to the right as the window is: `+86 138 1234 5678`, never `5678 1234 138 86+`.
    /// A destination row (`numbersFor`: the region in effect) formats a number as it is
    /// typed and keeps the caret (``NumberEntry``).
    init(
        name: String, secret: Bool, leftToRight: Bool = false, accessory: UnsafeMutablePointer<GtkWidget>? = nil,
        numbersFor region: (@MainActor () -> PhoneRegion?)? = nil, onEdit: @escaping @MainActor (String) -> Void
    ) {
        widget = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 4)
        caption = Gtk.label()
        gtk_widget_add_css_class(caption, "heading")
        entry = secret ? gtk_password_entry_new() : gtk_entry_new()
        if secret { gtk_password_entry_set_show_peek_icon(OpaquePointer(entry), 1) }
        if leftToRight, gtk_widget_get_default_direction() == GTK_TEXT_DIR_RTL {
            Self.setLeftToRight(entry)
            gtk_entry_set_alignment(signupgtk_entry(entry), 1)
        }
        message = Gtk.label("dim-label")
        let line = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        gtk_widget_set_hexpand(entry, 1)
        Gtk.append(line, entry)
        if let accessory { Gtk.append(line, accessory) }
        Gtk.append(widget, caption, line, message)
        Gtk.name(widget, name)
        Gtk.name(caption, name + ".caption")
        Gtk.name(entry, name + ".entry")
        Gtk.name(message, name + ".message")
        let editable = signupgtk_editable(entry)
        numberEntry = region.map { NumberEntry(entry: entry, region: $0, onEdit: onEdit) }
        SignalAction.connect(Gtk.object(entry), "changed") { [weak self] in
            guard let self, !rendering else { return }
            if let numberEntry { numberEntry.changed() } else { onEdit(Gtk.string(gtk_editable_get_text(editable))) }
        }
    }

    /// Shows `field`.
    func render(_ field: FieldView) {
        render(
            text: field.text, label: field.label, placeholder: field.placeholder, message: field.message,
            isEnabled: field.isEnabled)
    }

    /// Shows `field`; the entry holds the secret itself, which a password entry masks.
    func render(_ field: SecretFieldView) {
        render(
            text: field.value.revealed, label: field.label, placeholder: field.placeholder,
            message: field.message, isEnabled: field.isEnabled)
    }

    private func render(text: String, label: String, placeholder: String, message note: String?, isEnabled: Bool) {
        let editable = signupgtk_editable(entry)
        if let numberEntry {
            numberEntry.show(text)
        } else if Gtk.string(gtk_editable_get_text(editable)) != text {
            rendering = true
            gtk_editable_set_text(editable, text)
            gtk_editable_set_position(editable, -1)
            rendering = false
        }
        let next = Shown(label: label, placeholder: placeholder, message: note, isEnabled: isEnabled)
        guard next != shown else { return }
        shown = next
        gtk_label_set_text(signupgtk_label(caption), label)
        signupgtk_set_string(Gtk.object(entry), "placeholder-text", placeholder)
        Gtk.show(note, in: message)
        Gtk.setSensitive(entry, isEnabled)
        Gtk.describe(entry, label: label, description: note)
    }

    /// `widget` and everything in it left to right: a child takes the default direction, not
    /// its parent's, and the entry's text is laid out by its `GtkText` child.
    private static func setLeftToRight(_ widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_set_direction(widget, GTK_TEXT_DIR_LTR)
        var child = gtk_widget_get_first_child(widget)
        while let next = child {
            setLeftToRight(next)
            child = gtk_widget_get_next_sibling(next)
        }
    }
}
