/// A text field as a screen shows it.
public struct FieldView: Hashable, Sendable {
    /// The text in the field.
    public var text: String
    /// Whether it takes input.
    public var isEnabled: Bool
    /// A message under the field, if any.
    public var message: String?
    /// What the field is for, e.g. "Password": shown beside it and said by assistive technologies.
    public var label: String
    /// The hint shown while the field is empty.
    public var placeholder: String

    /// Creates a field.
    public init(
        text: String, isEnabled: Bool = true, message: String? = nil, label: String = "", placeholder: String = ""
    ) {
        self.text = text
        self.isEnabled = isEnabled
        self.message = message
        self.label = label
        self.placeholder = placeholder
    }
}

/// A field holding a secret (a code or a password): it describes itself masked.
public struct SecretFieldView: Hashable, Sendable {
    /// The secret in the field; prints as `•`.
    public var value: Secret
    /// Whether it takes input.
    public var isEnabled: Bool
    /// A message under the field, if any.
    public var message: String?
    /// What the field is for, e.g. "Password": shown beside it and said by assistive technologies.
    public var label: String
    /// The hint shown while the field is empty.
    public var placeholder: String

    /// Creates a secret field.
    public init(
        value: Secret, isEnabled: Bool = true, message: String? = nil, label: String = "", placeholder: String = ""
    ) {
        self.value = value
        self.isEnabled = isEnabled
        self.message = message
        self.label = label
        self.placeholder = placeholder
    }
}
