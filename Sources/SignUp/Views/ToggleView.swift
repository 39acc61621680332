/// A checkbox as a screen shows it.
public struct ToggleView: Hashable, Sendable {
    /// Its text.
    public var title: String
    /// Whether it is ticked.
    public var isOn: Bool
    /// Whether it can be tapped.
    public var isEnabled: Bool

    /// Creates a checkbox.
    public init(title: String, isOn: Bool, isEnabled: Bool = true) {
        self.title = title
        self.isOn = isOn
        self.isEnabled = isEnabled
    }
}
