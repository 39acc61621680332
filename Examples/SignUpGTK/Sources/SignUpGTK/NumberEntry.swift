import CGtk
import PhoneNumbers
import SignUp

/// Formats a destination entry as a number is typed, keeping its caret: each edit GTK makes is
/// read once the main loop is idle (its caret settled), handed to a `DestinationField`, and the
/// entry set to the field's text and caret, before the text goes to the model. The delete key
/// just after a separator deletes the digit before it, as the field says.
@MainActor
final class NumberEntry {
    private let editable: OpaquePointer
    private let region: @MainActor () -> PhoneRegion?
    private let onEdit: @MainActor (String) -> Void
    private var field: DestinationField
    private var scheduled = false
    /// Set while this writes the entry, so that its own "changed" is not read as an edit.
    private(set) var writing = false

    init(
        entry: UnsafeMutablePointer<GtkWidget>, region: @escaping @MainActor () -> PhoneRegion?,
        onEdit: @escaping @MainActor (String) -> Void
    ) {
        editable = signupgtk_editable(entry)
        self.region = region
        self.onEdit = onEdit
        field = DestinationField(region: region())
    }

    /// GTK changed the entry: read it once the loop is idle.
    func changed() {
        guard !writing, !scheduled else { return }
        scheduled = true
        IdleAction.schedule { [weak self] in self?.format() }
    }

    /// The model's text, shown when the entry holds another (a restored state, a verified one).
    func show(_ text: String) {
        guard Gtk.string(gtk_editable_get_text(editable)) != text else { return }
        field = DestinationField(text: text, region: region())
        write()
    }

    private func format() {
        scheduled = false
        let raw = Gtk.string(gtk_editable_get_text(editable))
        let before = Array(field.text)
        let after = Array(raw)
        var prefix = 0
        while prefix < min(before.count, after.count), before[prefix] == after[prefix] { prefix += 1 }
        let removedOne = after.count == before.count - 1 && Array(before[(prefix + 1)...]) == Array(after[prefix...])
        if removedOne, !(before[prefix].isNumber || before[prefix] == "+") {
            // A separator the formatter wrote, deleted: the digit before it goes instead.
            field.region = region()
            field.moveCaret(to: prefix + 1)
            field.deleteBackward()
        } else {
            field = DestinationField(text: raw, caret: Int(gtk_editable_get_position(editable)), region: region())
        }
        write()
        onEdit(field.text)
    }

    private func write() {
        writing = true
        if Gtk.string(gtk_editable_get_text(editable)) != field.text { gtk_editable_set_text(editable, field.text) }
        gtk_editable_set_position(editable, Int32(field.caret))
        writing = false
    }
}

/// A Swift closure GLib runs once when its main loop is idle, on the main thread.
final class IdleAction {
    private let action: @MainActor () -> Void

    private init(_ action: @escaping @MainActor () -> Void) {
        self.action = action
    }

    @MainActor
    static func schedule(_ action: @escaping @MainActor () -> Void) {
        let box = Unmanaged.passRetained(IdleAction(action)).toOpaque()
        signupgtk_idle(
            { data in
                guard let data else { return 0 }
                let box = Unmanaged<IdleAction>.fromOpaque(data).takeUnretainedValue()
                MainActor.assumeIsolated { box.action() }
                return 0  // G_SOURCE_REMOVE
            }, box,
            { data in
                guard let data else { return }
                Unmanaged<IdleAction>.fromOpaque(data).release()
            })
    }
}
