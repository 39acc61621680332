import CGtk
import PhoneNumbers
import SignUp

/// The region picker: a drop-down of every region of `RegionPicker` (its flag, name and `+CC`,
/// in the language's order) and a search field whose first matches stand below it as buttons.
/// The search is the model's (`VerificationScreen.regionMatches`: by name in the language or
/// in English, by ISO code and by calling code, ignoring case and diacritics), not GTK's, which
/// matches the start of the shown label alone (its flag). Choosing a region from either tells
/// the model; a region the model takes from a number typed with `+` is shown as chosen.
@MainActor
final class RegionRow {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let dropDown: UnsafeMutablePointer<GtkWidget>
    private let search: UnsafeMutablePointer<GtkWidget>
    private let matchButtons: [UnsafeMutablePointer<GtkWidget>]
    private let choices: [RegionChoice]
    /// The matches the buttons show, in order.
    private var shownMatches: [RegionChoice] = []
    /// Set while a render selects, so that GTK's "notify::selected" is not sent back as a choice.
    private var rendering = false

    /// The picker named `name` (the drop-down; `name.search` its search field, `name.match.N`
    /// its matches), for `language`; `onSearch` hears the search's text, `onChoose` a region
    /// the person chose.
    init(
        name: String, language: SignUpLanguage, onSearch: @escaping @MainActor (String) -> Void,
        onChoose: @escaping @MainActor (PhoneRegion) -> Void
    ) {
        choices = RegionPicker(language: language, selected: nil).choices
        let list = gtk_string_list_new(nil)
        for choice in choices { gtk_string_list_append(list, choice.label) }
        dropDown = signupgtk_string_drop_down(list)
        Gtk.name(dropDown, name)
        search = gtk_search_entry_new()
        Gtk.name(search, name + ".search")
        let label = AppText(language).regionSearch
        signupgtk_set_search_placeholder(search, label)
        Gtk.describe(search, label: label, description: nil)
        matchButtons = (0..<Self.shownMatchCount).map { index in
            let button: UnsafeMutablePointer<GtkWidget> = gtk_button_new()
            Gtk.name(button, "\(name).match.\(index)")
            gtk_widget_set_visible(button, 0)
            return button
        }
        let matches = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        for button in matchButtons { Gtk.append(matches, button) }
        widget = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        Gtk.append(widget, dropDown, search, matches)
        let (choices, dropDown, search) = (choices, dropDown, search)
        SignalAction.connectNotify(Gtk.object(dropDown), "notify::selected") { [weak self] in
            guard let self, !rendering else { return }
            let index = Int(gtk_drop_down_get_selected(signupgtk_drop_down(dropDown)))
            if choices.indices.contains(index) { onChoose(choices[index].region) }
        }
        SignalAction.connect(Gtk.object(search), "search-changed") {
            onSearch(Gtk.string(gtk_editable_get_text(signupgtk_editable(search))))
        }
        for (index, button) in matchButtons.enumerated() {
            SignalAction.connect(Gtk.object(button), "clicked") { [weak self] in
                guard let self, shownMatches.indices.contains(index) else { return }
                // The model empties its search with the choice; so does the field (whose
                // "search-changed" comes at once for an empty text, and renders the model).
                onChoose(shownMatches[index].region)
                gtk_editable_set_text(signupgtk_editable(search), "")
            }
        }
    }

    /// Shows `region` as chosen (none: nothing chosen) and `matches`, the search's first.
    func render(_ region: RegionChoice?, matches: [RegionChoice], isEnabled: Bool) {
        let index = region.flatMap { region in choices.firstIndex { $0.region == region.region } }
        let position = index.map(UInt32.init) ?? UInt32(GTK_INVALID_LIST_POSITION)
        if gtk_drop_down_get_selected(signupgtk_drop_down(dropDown)) != position {
            rendering = true
            gtk_drop_down_set_selected(signupgtk_drop_down(dropDown), position)
            rendering = false
        }
        if matches != shownMatches {
            shownMatches = matches
            for (index, button) in matchButtons.enumerated() {
                let match = matches.indices.contains(index) ? matches[index] : nil
                gtk_widget_set_visible(button, match != nil ? 1 : 0)
                gtk_button_set_label(signupgtk_button(button), match?.label ?? "")
            }
        }
        for control in [dropDown, search] + matchButtons { Gtk.setSensitive(control, isEnabled) }
    }

    /// How many matches the model's screen lists (`VerificationScreen.regionMatches`).
    nonisolated static let shownMatchCount = 5
}
