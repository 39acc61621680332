import CGtk
import PhoneNumbers
import SignUp

/// The region picker as a drop-down: every region of `RegionPicker`, its flag, name and `+CC`,
/// in the language's order, searchable by what it shows. Choosing one tells the model; a
/// region the model takes from a number typed with `+` is shown as chosen.
@MainActor
final class RegionRow {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let choices: [RegionChoice]
    /// Set while a render selects, so that GTK's "notify::selected" is not sent back as a choice.
    private var rendering = false

    /// A drop-down named `name`, for `language`; `onChoose` hears a region the person chose.
    init(name: String, language: SignUpLanguage, onChoose: @escaping @MainActor (PhoneRegion) -> Void) {
        choices = RegionPicker(language: language, selected: nil).choices
        let list = gtk_string_list_new(nil)
        for choice in choices { gtk_string_list_append(list, choice.label) }
        widget = signupgtk_string_drop_down(list)
        Gtk.name(widget, name)
        let choices = choices
        SignalAction.connectNotify(Gtk.object(widget), "notify::selected") { [weak self] in
            guard let self, !rendering else { return }
            let index = Int(gtk_drop_down_get_selected(signupgtk_drop_down(widget)))
            if choices.indices.contains(index) { onChoose(choices[index].region) }
        }
    }

    /// Shows `region` as chosen (none: nothing chosen).
    func render(_ region: RegionChoice?, isEnabled: Bool) {
        let index = region.flatMap { region in choices.firstIndex { $0.region == region.region } }
        let position = index.map(UInt32.init) ?? UInt32(GTK_INVALID_LIST_POSITION)
        if gtk_drop_down_get_selected(signupgtk_drop_down(widget)) != position {
            rendering = true
            gtk_drop_down_set_selected(signupgtk_drop_down(widget), position)
            rendering = false
        }
        Gtk.setSensitive(widget, isEnabled)
    }
}
