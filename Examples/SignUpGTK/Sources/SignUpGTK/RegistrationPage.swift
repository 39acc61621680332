import CGtk
import SignUp

/// The registration page: the account's verification controls, then the password, its
/// confirmation, the terms box, Create account and the outcome — all from a `RegistrationScreen`.
@MainActor
final class RegistrationPage {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let account: VerificationControls
    private let password: FieldRow
    private let confirmation: FieldRow
    private let terms: UnsafeMutablePointer<GtkWidget>
    private let submit: ModelButton
    private let message: UnsafeMutablePointer<GtkWidget>
    /// Set while a render ticks the terms box, so that GTK's "toggled" is not sent back as a tap.
    private var rendering = false
    private var shownTerms: ToggleView?

    /// The page of `model`, its widgets named `registration.…` (the account's
    /// `registration.account.…`). Call ``render(_:)`` with each new screen.
    init(model: RegistrationViewModel) {
        account = VerificationControls(name: "registration.account", model: model.verification)
        password = FieldRow(name: "registration.password", secret: true) { model.setPassword($0) }
        confirmation = FieldRow(name: "registration.confirm", secret: true) { model.setConfirmation($0) }
        terms = gtk_check_button_new()
        Gtk.name(terms, "registration.terms")
        submit = ModelButton(name: "registration.submit") { model.tapSubmit() }
        gtk_widget_set_halign(submit.widget, GTK_ALIGN_START)
        gtk_widget_add_css_class(submit.widget, "suggested-action")
        message = Gtk.label()
        Gtk.name(message, "registration.message")
        widget = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        Gtk.append(widget, account.widget, password.widget, confirmation.widget, terms, submit.widget, message)
        SignalAction.connect(Gtk.object(terms), "toggled") { [weak self] in
            guard let self, !rendering else { return }
            model.toggleTerms()
            // The model decides: a tap it refused shows the box as it was.
            render(model.screen)
        }
        render(model.screen)
    }

    /// Shows `screen`.
    func render(_ screen: RegistrationScreen) {
        account.render(screen.account)
        password.render(screen.password)
        confirmation.render(screen.confirmation)
        render(screen.terms)
        submit.render(screen.submitButton)
        Gtk.show(screen.message, in: message)
    }

    private func render(_ toggle: ToggleView) {
        let box = signupgtk_check_button(terms)
        if (gtk_check_button_get_active(box) != 0) != toggle.isOn {
            rendering = true
            gtk_check_button_set_active(box, toggle.isOn ? 1 : 0)
            rendering = false
        }
        guard toggle != shownTerms else { return }
        shownTerms = toggle
        gtk_check_button_set_label(box, toggle.title)
        Gtk.setSensitive(terms, toggle.isEnabled)
    }
}
