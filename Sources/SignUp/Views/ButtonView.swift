/// A button as a screen shows it.
public struct ButtonView: Hashable, Sendable {
    /// The visible title, e.g. "Resend in 42s".
    public var title: String
    /// Whether it can be tapped.
    public var isEnabled: Bool
    /// A fixed label for assistive technologies, e.g. "Send code".
    public var accessibilityLabel: String
    /// What changes, e.g. "42 seconds", said after the label.
    public var accessibilityValue: String?

    /// Creates a button.
    public init(title: String, isEnabled: Bool, accessibilityLabel: String, accessibilityValue: String? = nil) {
        self.title = title
        self.isEnabled = isEnabled
        self.accessibilityLabel = accessibilityLabel
        self.accessibilityValue = accessibilityValue
    }
}
