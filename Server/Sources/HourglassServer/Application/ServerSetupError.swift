/// Why the server cannot start; each has its own exit code (``exitCode``), listed in the
/// server's README and `--help`.
public enum ServerSetupError: Error, CustomStringConvertible, Hashable {
    /// An option out of its range (exit 64, as for any usage error).
    case invalidOption(String)
    /// The database URL is no `postgres://` URL or SQLite path, or the database cannot be
    /// opened or reached (exit 69).
    case database(String)
    /// The host and port cannot be bound: in use, or not this machine's (exit 70).
    case address(String)
    /// The outbox cannot be written (exit 73).
    case outbox(String)
    /// The key file cannot be read, is too short, or cannot be made (exit 74).
    case key(String)
    /// The webhook's URL or secret cannot be used (exit 78, a configuration error).
    case webhook(String)
    /// A file of `--message-templates` cannot be used: its placeholders, its plural forms, or a
    /// text longer than one SMS segment (exit 78, a configuration error).
    case messageTemplates(String)
    /// Anything else that stopped the server (exit 1).
    case internalFailure(String)

    /// The process's exit code.
    public var exitCode: Int32 {
        switch self {
        case .invalidOption: 64
        case .database: 69
        case .address: 70
        case .outbox: 73
        case .key: 74
        case .webhook, .messageTemplates: 78
        case .internalFailure: 1
        }
    }

    public var description: String {
        switch self {
        case .invalidOption(let detail): "invalid option: \(detail)"
        case .database(let detail): "database: \(detail)"
        case .address(let detail): "address: \(detail)"
        case .outbox(let detail): "outbox: \(detail)"
        case .key(let detail): "key: \(detail)"
        case .webhook(let detail): "webhook: \(detail)"
        case .messageTemplates(let detail): "message templates: \(detail)"
        case .internalFailure(let detail): detail
        }
    }
}
