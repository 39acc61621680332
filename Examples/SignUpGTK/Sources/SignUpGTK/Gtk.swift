import CGtk

/// Small helpers over GTK's C API that every part of the window uses.
@MainActor
enum Gtk {
    /// A widget pointer as the `gpointer` GObject functions take.
    static func object(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(widget)
    }

    /// A vertical or horizontal box with `spacing` pixels between its children.
    static func box(_ orientation: GtkOrientation, spacing: Int32) -> UnsafeMutablePointer<GtkWidget> {
        gtk_box_new(orientation, spacing)
    }

    /// Appends `children` to `box`.
    static func append(_ box: UnsafeMutablePointer<GtkWidget>, _ children: UnsafeMutablePointer<GtkWidget>...) {
        for child in children { gtk_box_append(signupgtk_box(box), child) }
    }

    /// A left-aligned, wrapping label with the CSS classes given (GTK's own: "dim-label", "error"…).
    static func label(_ classes: String...) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(nil)!
        gtk_label_set_xalign(signupgtk_label(label), 0)
        gtk_label_set_wrap(signupgtk_label(label), 1)
        for name in classes { gtk_widget_add_css_class(label, name) }
        return label
    }

    /// Sets a label's text unless it shows it already; no text empties and hides the label.
    static func show(_ text: String?, in label: UnsafeMutablePointer<GtkWidget>) {
        if string(gtk_label_get_text(signupgtk_label(label))) != text ?? "" {
            gtk_label_set_text(signupgtk_label(label), text ?? "")
        }
        gtk_widget_set_visible(label, text != nil ? 1 : 0)
    }

    /// A C string GTK owns as a Swift string ("" for NULL).
    static func string(_ text: UnsafePointer<CChar>?) -> String {
        text.map { String(cString: $0) } ?? ""
    }

    /// A C string the caller must g_free, as a Swift string; freed here.
    static func taking(_ text: UnsafeMutablePointer<CChar>?) -> String? {
        guard let text else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// Sets the accessible label and description; a nil description is reset.
    static func describe(_ widget: UnsafeMutablePointer<GtkWidget>, label: String, description: String?) {
        signupgtk_accessible_describe(widget, label, description)
    }

    /// Names `widget` for the test hook (and GTK's inspector): the dump lists named widgets.
    static func name(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        gtk_widget_set_name(widget, name)
    }

    /// Sets whether `widget` takes input.
    static func setSensitive(_ widget: UnsafeMutablePointer<GtkWidget>, _ sensitive: Bool) {
        gtk_widget_set_sensitive(widget, sensitive ? 1 : 0)
    }
}
