/// A secret typed by a person — a verification code or a password — that never shows itself.
///
/// Its `description`, `debugDescription` and mirror print one `•` per character, so logging
/// or dumping a state that holds it reveals nothing but the length. Read ``revealed`` only
/// to send it to the service.
public struct Secret: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The secret itself.
    public let revealed: String

    /// Wraps `value`.
    public init(_ value: String) {
        revealed = value
    }

    /// An empty secret.
    public static let empty = Secret("")

    /// How many characters it has.
    public var count: Int { revealed.count }

    /// Whether it has no characters.
    public var isEmpty: Bool { revealed.isEmpty }

    /// One `•` per character.
    public var masked: String { String(repeating: "•", count: revealed.count) }

    /// One `•` per character.
    public var description: String { masked }
    /// `Secret(•••)`.
    public var debugDescription: String { "Secret(\(masked))" }
    /// A mirror with the masked form only, so `dump` reveals nothing.
    public var customMirror: Mirror { Mirror(self, children: ["masked": masked]) }
}
