import HourglassTranscripts

/// Stable one-line renderings of screen controls, for transcripts (linemode's, and app teams'
/// with `HourglassTesting`), logs and tests, by the transcripts' one rule (`TranscriptText`).
/// Secrets appear masked; a control character or a direction override in a field or a message
/// is written out (`\u{A}`), so a line is always one line, in order. In a table's text (a
/// message, a button's title, an accessibility value) the isolates a right-to-left table puts
/// around a value (``SignUpStrings/isolated(_:)``) stay, so the line reads in order in a
/// bidi-aware viewer; in a field's text, what a person typed, they are written out too.
package enum ScreenLines {
    static func field(_ prefix: String, _ name: String, _ field: FieldView) -> String {
        line(
            prefix, name, ": \"", TranscriptText.escaped(field.text, keepingIsolates: false), "\"",
            isEnabled: field.isEnabled, message: field.message)
    }

    static func secret(_ prefix: String, _ name: String, _ field: SecretFieldView) -> String {
        line(prefix, name, ": \"", field.value.masked, "\"", isEnabled: field.isEnabled, message: field.message)
    }

    static func button(_ prefix: String, _ name: String, _ button: ButtonView) -> String {
        line(
            prefix, name, ": [", TranscriptText.escaped(button.title), "]", isEnabled: button.isEnabled,
            message: nil,
            accessibility: button.accessibilityValue.map {
                (button.accessibilityLabel, TranscriptText.escaped($0))
            })
    }

    /// `prefix` `name` `opening` `value` `closing`, then ` (disabled)` when disabled, ` — message`
    /// when there is one and ` {label: value}` for an accessibility value: appended to one string.
    private static func line(
        _ prefix: String, _ name: String, _ opening: String, _ value: String, _ closing: String,
        isEnabled: Bool, message: String?, accessibility: (label: String, value: String)? = nil
    ) -> String {
        var line = prefix
        line += name
        line += opening
        line += value
        line += closing
        if !isEnabled { line += " (disabled)" }
        if let message {
            line += " — "
            line += TranscriptText.escaped(message)
        }
        if let accessibility {
            line += " {"
            line += accessibility.label
            line += ": "
            line += accessibility.value
            line += "}"
        }
        return line
    }
}

extension VerificationScreen {
    /// The whole screen as stable text lines, one a control, secrets masked.
    public var lines: [String] {
        var lines: [String] = []
        lines.reserveCapacity(6)
        appendLines(to: &lines, prefix: "")
        return lines
    }

    /// The region picker as lines: `region: 🇪🇬 Egypt +20` (`none` without one), then, while
    /// its search holds text, `regions:` and what it finds. linemode shows them after the
    /// destination field.
    public var regionLines: [String] {
        var lines = ["region: " + (region.map { TranscriptText.escaped($0.label) } ?? "none")]
        if !regionMatches.isEmpty {
            lines.append("regions: " + regionMatches.map { TranscriptText.escaped($0.label) }.joined(separator: " · "))
        }
        return lines
    }

    /// Appends ``lines``, each after `prefix`, to `lines`: one array for a whole screen.
    func appendLines(to lines: inout [String], prefix: String) {
        lines.append(ScreenLines.field(prefix, "destination", destination))
        lines.append(ScreenLines.button(prefix, "send", sendButton))
        if let callButton { lines.append(ScreenLines.button(prefix, "call", callButton)) }
        lines.append(ScreenLines.secret(prefix, "code", code))
        lines.append(ScreenLines.button(prefix, "verify", verifyButton))
        if let message { lines.append("\(prefix)message: \(TranscriptText.escaped(message))") }
        if isVerified { lines.append(prefix + "verified: yes") }
    }
}

extension RegistrationScreen {
    /// The whole screen as stable text lines, secrets masked: the account's lines prefixed
    /// `account.`, then the password fields, the terms, the submit button and the message.
    public var lines: [String] {
        var lines: [String] = []
        lines.reserveCapacity(11)
        account.appendLines(to: &lines, prefix: "account.")
        lines.append(ScreenLines.secret("", "password", password))
        lines.append(ScreenLines.secret("", "confirm", confirmation))
        lines.append("terms: [\(terms.isOn ? "x" : " ")] \(terms.title)" + (terms.isEnabled ? "" : " (disabled)"))
        lines.append(ScreenLines.button("", "submit", submitButton))
        if let message { lines.append("message: " + TranscriptText.escaped(message)) }
        return lines
    }
}
