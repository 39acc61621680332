import Foundation

/// A destination's row: its code in play (hashed), its lock, and when it was last sent.
/// Instants are milliseconds since 1970 from the server's clock.
struct CodeRow: Sendable, Hashable {
    /// The limit key (`Destination.limitKey`).
    var key: String
    /// The normalised destination the last code went to.
    var destination: String
    /// The HMAC of the code in play; nil when none can be checked (never sent, used, or dead).
    var codeHash: [UInt8]?
    /// When the last code was sent; 0 when never.
    var sentAt: Int64
    /// When the code in play expires.
    var expiresAt: Int64
    /// Wrong checks the code in play still allows.
    var attemptsLeft: Int
    /// When the lock ends; 0 when never locked.
    var lockedUntil: Int64
}

extension Date {
    /// The instant as the store keeps it: whole milliseconds since 1970.
    var millisecondsSince1970: Int64 { Int64((timeIntervalSince1970 * 1_000).rounded(.down)) }
}

/// How many events of a window there are, and when the oldest of them happened.
struct WindowCount: Sendable, Hashable {
    var count: Int
    var oldest: Int64?

    static let none = WindowCount(count: 0, oldest: nil)
}

/// Why a request is refused, as the contract's `reason` says it: for now (a `429`), or for its
/// destination (a `422` `destination-refused`).
enum LimitReason: String, Sendable, Hashable {
    case rateLimited = "rate_limited"
    case sendLimit = "send_limit"
    case locked
    /// The server's send budget per budget window, over every destination.
    case sendBudget = "send_budget"
    /// The server's send budget per budget window to one calling code.
    case callingCodeBudget = "calling_code_budget"
    /// The server's budget of calls per budget window, over every destination.
    case voiceBudget = "voice_budget"
    /// No codes go to phone numbers of the destination's region.
    case region
    /// No codes go to phone numbers of the destination's type.
    case numberType = "number_type"
    /// The channel asked cannot reach the destination (`sms` for a fixed line, say).
    case channel
}
