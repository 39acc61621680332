public import SignUp

/// Stable one-line renderings of screen controls, for transcripts (linemode's, and app teams'
/// with `HourglassTesting`), logs and tests. Secrets appear masked.
enum ScreenLines {
    static func field(_ name: String, _ field: FieldView) -> String {
        "\(name): \"\(field.text)\"" + disabled(field.isEnabled) + note(field.message)
    }

    static func secret(_ name: String, _ field: SecretFieldView) -> String {
        "\(name): \"\(field.value.masked)\"" + disabled(field.isEnabled) + note(field.message)
    }

    static func button(_ name: String, _ button: ButtonView) -> String {
        let value = button.accessibilityValue.map { " {\(button.accessibilityLabel): \($0)}" } ?? ""
        return "\(name): [\(button.title)]" + disabled(button.isEnabled) + value
    }

    static func message(_ message: String?) -> [String] {
        message.map { ["message: \($0)"] } ?? []
    }

    private static func disabled(_ isEnabled: Bool) -> String { isEnabled ? "" : " (disabled)" }
    private static func note(_ message: String?) -> String { message.map { " — \($0)" } ?? "" }
}

extension VerificationScreen {
    /// The whole screen as stable text lines, one a control, secrets masked.
    public var lines: [String] {
        [
            ScreenLines.field("destination", destination),
            ScreenLines.button("send", sendButton),
            ScreenLines.secret("code", code),
            ScreenLines.button("verify", verifyButton),
        ] + ScreenLines.message(message) + (isVerified ? ["verified: yes"] : [])
    }
}

extension RegistrationScreen {
    /// The whole screen as stable text lines, secrets masked: the account's lines prefixed
    /// `account.`, then the password fields, the terms, the submit button and the message.
    public var lines: [String] {
        account.lines.map { "account." + $0 } + [
            ScreenLines.secret("password", password),
            ScreenLines.secret("confirm", confirmation),
            "terms: [\(terms.isOn ? "x" : " ")] \(terms.title)" + (terms.isEnabled ? "" : " (disabled)"),
            ScreenLines.button("submit", submitButton),
        ] + ScreenLines.message(message)
    }
}
