import CGtk
import Foundation
import SignUp

/// The UI test's hook: with `SIGNUPGTK_DUMP=<file>` set, the app writes what the window shows
/// — every named widget's text, sensitivity, visibility, accessible label and description read
/// back from GTK, and where it is — beside what the models' screens say at the same instant,
/// and their transcript lines. Once when the window is up, then on each SIGUSR1 (handled on
/// GTK's loop by `g_unix_signal_add`, so a dump never sees a half-made change). Written whole
/// (to a temporary file renamed over it); `serial` counts the dumps.
@MainActor
final class WidgetDump {
    private let file: URL
    private let window: UnsafeMutablePointer<GtkWidget>
    private let screens: () -> (VerificationScreen, RegistrationScreen)
    private var serial = 0
    private var stopped = false
    /// The SIGUSR1 source, while there is one.
    private var source: UInt32 = 0

    /// The models' side of a dump.
    struct Models: Encodable {
        var verificationLines: [String]
        var registrationLines: [String]
        var controls: [String: ExpectedControl]

        init(_ verification: VerificationScreen, _ registration: RegistrationScreen) {
            verificationLines = verification.lines
            registrationLines = registration.lines
            controls = ExpectedControl.controls(verification, prefix: "verification")
                .merging(ExpectedControl.controls(registration)) { first, _ in first }
        }
    }

    /// One widget as GTK shows it.
    struct Widget: Encodable {
        var name: String
        var type: String
        var text: String
        var sensitive: Bool
        var visible: Bool
        var mapped: Bool
        var active: Bool?
        var accessibleLabel: String?
        var accessibleDescription: String?
        /// The direction its text is laid out in: `ltr` or `rtl` (an entry's: its `GtkText`'s,
        /// which may differ from the entry's own).
        var direction: String
        /// Bounds in the window's X surface, in pixels.
        var x: Double
        var y: Double
        var width: Double
        var height: Double
    }

    private struct Dump: Encodable {
        var serial: Int
        var pid: Int32
        var language: String
        /// The window's text direction: `ltr` or `rtl`.
        var direction: String
        var page: String
        var widgets: [Widget]
        var model: Models
    }

    private let language: String
    private let stack: UnsafeMutablePointer<GtkWidget>

    init(
        file: URL, window: UnsafeMutablePointer<GtkWidget>, stack: UnsafeMutablePointer<GtkWidget>,
        language: SignUpLanguage, screens: @escaping () -> (VerificationScreen, RegistrationScreen)
    ) {
        self.file = file
        self.window = window
        self.stack = stack
        self.language = language.identifier
        self.screens = screens
    }

    /// Writes a dump now, and one on each SIGUSR1 from now on (once: a second call only dumps).
    func start() {
        if source == 0 && !stopped {
            // The source holds the dump until it is removed (stop()): its destroy notify
            // releases it.
            let box = Unmanaged.passRetained(self).toOpaque()
            let priorityDefault: Int32 = 0  // G_PRIORITY_DEFAULT
            source = g_unix_signal_add_full(
                priorityDefault, SIGUSR1,
                { data in
                    guard let data else { return 0 }
                    let dump = Unmanaged<WidgetDump>.fromOpaque(data).takeUnretainedValue()
                    // GLib runs unix-signal sources on the default context's loop: the main thread.
                    MainActor.assumeIsolated { dump.write() }
                    return 1  // G_SOURCE_CONTINUE
                }, box, { data in if let data { Unmanaged<WidgetDump>.fromOpaque(data).release() } })
        }
        write()
    }

    /// No more dumps: the window's widgets are gone. Removes the SIGUSR1 source, which
    /// releases the dump and, with it, its hold on the models.
    func stop() {
        stopped = true
        if source != 0 {
            g_source_remove(source)
            source = 0
        }
    }

    /// Writes what the window and the models show now.
    func write() {
        guard !stopped else { return }
        serial += 1
        var widgets: [Widget] = []
        collect(window, into: &widgets)
        let dump = Dump(
            serial: serial, pid: getpid(), language: language,
            direction: gtk_widget_get_direction(window) == GTK_TEXT_DIR_RTL ? "rtl" : "ltr",
            page: Gtk.string(gtk_stack_get_visible_child_name(signupgtk_stack(stack))),
            widgets: widgets, model: Models(screens().0, screens().1))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try encoder.encode(dump).write(to: file, options: .atomic)
        } catch {
            FileHandle.standardError.write(Data("SignUpGTK: cannot write the dump \(file.path): \(error)\n".utf8))
        }
    }

    /// Every named widget under `widget`, in tree order, and the window's close button.
    private func collect(_ widget: UnsafeMutablePointer<GtkWidget>, into widgets: inout [Widget]) {
        let name = Gtk.string(gtk_widget_get_name(widget))
        let type = Gtk.string(signupgtk_type_name(widget))
        if name != type {
            widgets.append(describe(widget, name: name, type: type))
        } else if signupgtk_is_button(widget) != 0, gtk_widget_has_css_class(widget, "close") != 0 {
            // The header bar's close button, which GTK makes: the test closes the window with it.
            widgets.append(describe(widget, name: "window.close", type: type))
        }
        var child = gtk_widget_get_first_child(widget)
        while let next = child {
            collect(next, into: &widgets)
            child = gtk_widget_get_next_sibling(next)
        }
    }

    private func describe(_ widget: UnsafeMutablePointer<GtkWidget>, name: String, type: String) -> Widget {
        var x = 0.0
        var y = 0.0
        var width = 0.0
        var height = 0.0
        _ = signupgtk_bounds_in_surface(widget, &x, &y, &width, &height)
        var active: Bool?
        if signupgtk_is_check_button(widget) != 0 {
            active = gtk_check_button_get_active(signupgtk_check_button(widget)) != 0
        }
        return Widget(
            name: name, type: type, text: Self.text(of: widget, name: name),
            sensitive: gtk_widget_is_sensitive(widget) != 0, visible: gtk_widget_get_visible(widget) != 0,
            mapped: gtk_widget_get_mapped(widget) != 0, active: active,
            accessibleLabel: Gtk.taking(signupgtk_accessible_string(widget, GTK_ACCESSIBLE_PROPERTY_LABEL)),
            accessibleDescription: Gtk.taking(signupgtk_accessible_string(widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)),
            direction: Self.direction(of: widget), x: x, y: y, width: width, height: height)
    }

    /// The direction of the widget that lays out `widget`'s text: its `GtkText` when it has one
    /// (an entry), else the widget itself.
    private static func direction(of widget: UnsafeMutablePointer<GtkWidget>) -> String {
        func text(in widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
            if Gtk.string(signupgtk_type_name(widget)) == "GtkText" { return widget }
            var child = gtk_widget_get_first_child(widget)
            while let next = child {
                if let found = text(in: next) { return found }
                child = gtk_widget_get_next_sibling(next)
            }
            return nil
        }
        return gtk_widget_get_direction(text(in: widget) ?? widget) == GTK_TEXT_DIR_RTL ? "rtl" : "ltr"
    }

    /// What a widget shows as text: a button's or check box's label, a label's text, a
    /// drop-down's chosen string, an entry's text (masked but the destination's and the region
    /// search's: the others hold secrets), else its first label's.
    private static func text(of widget: UnsafeMutablePointer<GtkWidget>, name: String) -> String {
        if signupgtk_is_editable(widget) != 0 {
            let text = Gtk.string(gtk_editable_get_text(signupgtk_editable(widget)))
            let plain = name.hasSuffix(".destination.entry") || name.hasSuffix(".region.search")
            return plain ? text : String(repeating: "•", count: text.count)
        }
        if signupgtk_is_label(widget) != 0 { return Gtk.string(gtk_label_get_text(signupgtk_label(widget))) }
        if signupgtk_is_drop_down(widget) != 0 { return Gtk.string(signupgtk_drop_down_text(widget)) }
        if signupgtk_is_check_button(widget) != 0 {
            return Gtk.string(gtk_check_button_get_label(signupgtk_check_button(widget)))
        }
        if signupgtk_is_button(widget) != 0, let label = gtk_button_get_label(signupgtk_button(widget)) {
            return String(cString: label)
        }
        var child = gtk_widget_get_first_child(widget)
        while let next = child {
            let text = Self.text(of: next, name: "")
            if !text.isEmpty { return text }
            child = gtk_widget_get_next_sibling(next)
        }
        return ""
    }
}
