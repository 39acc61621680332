import CGtk
import SignUp

/// The verification-code controls: the region picker, the phone or e-mail field, the send
/// button with its countdown and "Call me" beside it once offered, the code field, Verify and the screen's message. The verification page is these
/// alone; the registration page starts with them, bound to its account's model.
@MainActor
final class VerificationControls {
    /// The controls, top to bottom.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let region: RegionRow
    private let destination: FieldRow
    private let send: ModelButton
    private let call: ModelButton
    private let code: FieldRow
    private let verify: ModelButton
    private let message: UnsafeMutablePointer<GtkWidget>

    /// The controls of `model`, named `name.region` (with `name.region.search` and
    /// `name.region.match.N`), `name.destination`, `name.send`, `name.call`, `name.code`,
    /// `name.verify` and `name.message`. Call ``render(_:)`` with each new screen.
    init(name: String, model: VerificationViewModel) {
        region = RegionRow(
            name: name + ".region", language: model.state.config.language, onSearch: { model.setRegionSearch($0) },
            onChoose: { model.chooseRegion($0) })
        // Each button beside its field: send beside the destination, Verify beside the code.
        send = ModelButton(name: name + ".send") { model.tapSend() }
        call = ModelButton(name: name + ".call") { model.tapCall() }
        let buttons = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        Gtk.append(buttons, send.widget, call.widget)
        destination = FieldRow(
            name: name + ".destination", secret: false, leftToRight: true, accessory: buttons,
            numbersFor: { model.state.config.region }, onEdit: { model.setDestination($0) })
        verify = ModelButton(name: name + ".verify") { model.tapVerify() }
        code = FieldRow(name: name + ".code", secret: false, leftToRight: true, accessory: verify.widget) {
            model.setCode($0)
        }
        gtk_entry_set_input_purpose(signupgtk_entry(code.entry), GTK_INPUT_PURPOSE_DIGITS)
        message = Gtk.label()
        Gtk.name(message, name + ".message")
        widget = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        Gtk.append(widget, region.widget, destination.widget, code.widget, message)
        render(model.screen)
    }

    /// Shows `screen`.
    func render(_ screen: VerificationScreen) {
        region.render(screen.region, matches: screen.regionMatches, isEnabled: screen.destination.isEnabled)
        destination.render(screen.destination)
        send.render(screen.sendButton)
        call.render(screen.callButton)
        code.render(screen.code)
        verify.render(screen.verifyButton)
        Gtk.show(screen.message, in: message)
    }
}
