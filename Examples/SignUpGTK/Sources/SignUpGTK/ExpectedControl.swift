import SignUp

/// What a named widget must show, read from a model's screen: the test hook writes it beside
/// what GTK shows, and the UI test compares the two. Secrets are masked, as in transcripts.
struct ExpectedControl: Encodable, Equatable {
    /// The label, button title, or entry text (masked for a secret).
    var text: String
    /// Whether it takes input; nil where the screen says nothing of it.
    var sensitive: Bool?
    /// Whether it is shown (a message exists); nil where it always is.
    var visible: Bool?
    /// A check box's state.
    var active: Bool?
    /// The accessible label and description; nil where the app sets none.
    var accessibleLabel: String?
    var accessibleDescription: String?

    /// The controls of a verification screen, named after `prefix` as ``VerificationControls`` names them.
    static func controls(_ screen: VerificationScreen, prefix: String) -> [String: ExpectedControl] {
        var controls: [String: ExpectedControl] = [:]
        field(
            &controls, prefix + ".destination", screen.destination.text, screen.destination.isEnabled,
            screen.destination.label, screen.destination.message)
        field(
            &controls, prefix + ".code", screen.code.value.masked, screen.code.isEnabled,
            screen.code.label, screen.code.message)
        controls[prefix + ".region"] = ExpectedControl(
            text: screen.region?.label ?? "", sensitive: screen.destination.isEnabled)
        for index in 0..<RegionRow.shownMatchCount {
            let match = screen.regionMatches.indices.contains(index) ? screen.regionMatches[index] : nil
            controls[prefix + ".region.match.\(index)"] =
                match.map { ExpectedControl(text: $0.label, sensitive: screen.destination.isEnabled, visible: true) }
                ?? ExpectedControl(text: "", visible: false)
        }
        controls[prefix + ".send"] = button(screen.sendButton)
        controls[prefix + ".verify"] = button(screen.verifyButton)
        controls[prefix + ".message"] = ExpectedControl(text: screen.message ?? "", visible: screen.message != nil)
        return controls
    }

    /// The controls of a registration screen, as ``RegistrationPage`` names them.
    static func controls(_ screen: RegistrationScreen) -> [String: ExpectedControl] {
        var controls = controls(screen.account, prefix: "registration.account")
        field(
            &controls, "registration.password", screen.password.value.masked, screen.password.isEnabled,
            screen.password.label, screen.password.message)
        field(
            &controls, "registration.confirm", screen.confirmation.value.masked, screen.confirmation.isEnabled,
            screen.confirmation.label, screen.confirmation.message)
        controls["registration.terms"] = ExpectedControl(
            text: screen.terms.title, sensitive: screen.terms.isEnabled, active: screen.terms.isOn)
        controls["registration.submit"] = button(screen.submitButton)
        controls["registration.message"] = ExpectedControl(text: screen.message ?? "", visible: screen.message != nil)
        return controls
    }

    private static func button(_ button: ButtonView) -> ExpectedControl {
        ExpectedControl(
            text: button.title, sensitive: button.isEnabled, accessibleLabel: button.accessibilityLabel,
            accessibleDescription: button.accessibilityValue)
    }

    /// A field row: its caption, its entry (described by the label and the message) and its message.
    private static func field(
        _ controls: inout [String: ExpectedControl], _ name: String, _ text: String, _ enabled: Bool,
        _ label: String, _ message: String?
    ) {
        controls[name + ".caption"] = ExpectedControl(text: label)
        controls[name + ".entry"] = ExpectedControl(
            text: text, sensitive: enabled, accessibleLabel: label, accessibleDescription: message)
        controls[name + ".message"] = ExpectedControl(text: message ?? "", visible: message != nil)
    }
}
