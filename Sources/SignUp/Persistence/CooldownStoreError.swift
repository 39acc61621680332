/// Why the cooldown could not be loaded or saved: what, where, and what happens next.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum CooldownStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The file is not a saved cooldown (empty, not JSON, fields missing or out of range).
    case corrupt(path: String, reason: String)
    /// The file was written by a newer or unknown version.
    case unsupportedVersion(path: String, version: Int)
    /// The file is far larger than a saved cooldown can be.
    case tooLarge(path: String, bytes: Int)
    /// The file could not be written or removed.
    case unwritable(path: String, reason: String)
    /// The saved cooldown was read, but the model refused its values (another format version,
    /// a field out of range); a store that checks them itself says ``corrupt(path:reason:)`` or
    /// ``unsupportedVersion(path:version:)`` instead.
    case refused(SavedCooldownProblem)

    /// What went wrong, where, and what happens next.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason); it is ignored"
        case .corrupt(let path, let reason): "\(path) is not a saved cooldown (\(reason)); it is ignored"
        case .unsupportedVersion(let path, let version):
            "\(path) has version \(version), expected \(SavedCooldown.currentVersion); it is ignored"
        case .tooLarge(let path, let bytes): "\(path) is \(bytes) bytes, far more than a saved cooldown; it is ignored"
        case .unwritable(let path, let reason):
            "cannot write \(path): \(reason); the cooldown will not survive a restart"
        case .refused(.unsupportedVersion(let version)):
            "the saved cooldown has version \(version), expected \(SavedCooldown.currentVersion); it is ignored"
        case .refused(.invalid(let field)):
            "the saved cooldown's \(field) is out of range; it is ignored"
        }
    }
}
