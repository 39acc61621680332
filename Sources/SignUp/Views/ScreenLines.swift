/// Stable one-line renderings of screen controls, for transcripts (linemode's, and app teams'
/// with `HourglassTesting`), logs and tests. Secrets appear masked; a control character or a
/// direction override in a field or a message is written out (`\u{A}`), so a line is always
/// one line, in order. In a table's text (a message, a button's title, an accessibility value),
/// a first-strong isolate is shown as `⁅` and its end as `⁆`: a right-to-left transcript shows
/// which values were isolated (``SignUpStrings/isolated(_:)``), and reads in order.
package enum ScreenLines {
    static func field(_ prefix: String, _ name: String, _ field: FieldView) -> String {
        line(prefix, name, ": \"", escaped(field.text), "\"", isEnabled: field.isEnabled, message: field.message)
    }

    /// `text` with each character that would break or reorder its line — a control character
    /// (a newline, a terminal escape), a line or paragraph separator, a direction mark or
    /// override — written as `\u{A}`: what a person typed (or a path in a message) stays on
    /// its one line, in order, so it cannot forge another.
    package static func escaped(_ text: String, isolatesAsBrackets: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: isHidden) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if isolatesAsBrackets, scalar == "\u{2068}" || scalar == "\u{2069}" {
                shown += scalar == "\u{2068}" ? "⁅" : "⁆"
            } else if isHidden(scalar) {
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default:
            // Bidirectional marks, embeddings, overrides and isolates.
            return scalar.value == 0x061C || (0x200E...0x200F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
    }

    static func secret(_ prefix: String, _ name: String, _ field: SecretFieldView) -> String {
        line(prefix, name, ": \"", field.value.masked, "\"", isEnabled: field.isEnabled, message: field.message)
    }

    static func button(_ prefix: String, _ name: String, _ button: ButtonView) -> String {
        line(
            prefix, name, ": [", escaped(button.title, isolatesAsBrackets: true), "]", isEnabled: button.isEnabled,
            message: nil,
            accessibility: button.accessibilityValue.map {
                (button.accessibilityLabel, escaped($0, isolatesAsBrackets: true))
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
            line += escaped(message, isolatesAsBrackets: true)
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

    /// Appends ``lines``, each after `prefix`, to `lines`: one array for a whole screen.
    func appendLines(to lines: inout [String], prefix: String) {
        lines.append(ScreenLines.field(prefix, "destination", destination))
        lines.append(ScreenLines.button(prefix, "send", sendButton))
        lines.append(ScreenLines.secret(prefix, "code", code))
        lines.append(ScreenLines.button(prefix, "verify", verifyButton))
        if let message { lines.append("\(prefix)message: \(ScreenLines.escaped(message, isolatesAsBrackets: true))") }
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
        if let message { lines.append("message: " + ScreenLines.escaped(message, isolatesAsBrackets: true)) }
        return lines
    }
}
