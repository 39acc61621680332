public import Foundation

/// A cooldown as stored: wall-clock instants, so that it goes on counting while the app is
/// not running, the waits a server imposed included. Loading clamps every value, so a clock set backwards cannot stretch a wait.
public struct SavedCooldown: Codable, Hashable, Sendable {
    /// The format's version.
    public static let currentVersion = 1

    /// The format's version.
    public var version: Int
    /// The normalised destination (`Destination/normalized`).
    public var destination: String
    /// When a new code may be requested.
    public var cooldownEnds: Date
    /// The cooldown's whole length in seconds.
    public var cooldownSeconds: Double
    /// When the code expires.
    public var codeExpires: Date
    /// The code's whole lifetime in seconds.
    public var codeLifetimeSeconds: Double
    /// When each code of the current window was sent.
    public var sentAt: [Date]
    /// When a send limit the server imposed ends; absent when there is none (and in files
    /// written before 3.0).
    public var sendLimitEnds: Date?
    /// When a lock after too many wrong codes ends; absent when there is none.
    public var lockEnds: Date?
    /// Whether a code may be in play that no answer confirmed (a send answered 429); absent
    /// when not (and in files written before 4.0).
    public var codeMayBeInPlay: Bool?
    /// The code's length as the server said it; absent when it did not (the configuration's).
    public var codeLength: Int?
    /// How the code went, by its wire name (`sms`, `voice`, `email`); absent when not known
    /// (and in files written before 4.0). A name this version does not know reads as absent:
    /// the destination's default is told, and the cooldown is kept.
    public var channel: String?

    /// The longest wait a saved file may claim; anything beyond is treated as corrupt.
    static let longestWait = Double(VerificationDefaults.longestWait.components.seconds)

    /// Saves `snapshot`, taken at `wallNow`.
    public init(_ snapshot: CooldownSnapshot, wallNow: Date) {
        version = Self.currentVersion
        destination = snapshot.destination.normalized
        cooldownEnds = wallNow.addingTimeInterval(snapshot.cooldownLeft.seconds)
        cooldownSeconds = snapshot.cooldownLength.seconds
        codeExpires = wallNow.addingTimeInterval(snapshot.codeLeft.seconds)
        codeLifetimeSeconds = snapshot.codeLifetime.seconds
        sentAt = snapshot.sendAges.map { wallNow.addingTimeInterval(-$0.seconds) }
        sendLimitEnds =
            snapshot.sendLimitLeft > .zero ? wallNow.addingTimeInterval(snapshot.sendLimitLeft.seconds) : nil
        lockEnds = snapshot.lockLeft > .zero ? wallNow.addingTimeInterval(snapshot.lockLeft.seconds) : nil
        codeMayBeInPlay = snapshot.codeMayBeInPlay ? true : nil
        codeLength = snapshot.codeLength
        channel = snapshot.channel?.rawValue
    }

    /// The cooldown as it stands at `wallNow`: each time left clamped to [0, its length], each
    /// send age to [0, a day]. Throws when the file's values make no sense.
    public func snapshot(at wallNow: Date) throws(SavedCooldownProblem) -> CooldownSnapshot {
        guard version == Self.currentVersion else { throw .unsupportedVersion(version) }
        guard let target = Destination(normalized: destination) else { throw .invalid("destination") }
        let lengths = [cooldownSeconds, codeLifetimeSeconds]
        guard lengths.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= Self.longestWait }) else { throw .invalid("length") }
        let instants = [cooldownEnds, codeExpires] + sentAt + [sendLimitEnds, lockEnds].compactMap { $0 }
        guard instants.allSatisfy({ $0.timeIntervalSince1970.isFinite }), sentAt.count <= 1_000 else {
            throw .invalid("instant")
        }
        if let codeLength, !VerificationConfig.codeLengths.contains(codeLength) { throw .invalid("codeLength") }
        // Wall-clock instants are Doubles: whole milliseconds keep float noise out of deadlines.
        func milliseconds(_ seconds: Double) -> Duration { .milliseconds(Int64((seconds * 1_000).rounded())) }
        func left(until end: Date, atMost length: Double) -> Duration {
            milliseconds(min(max(end.timeIntervalSince(wallNow), 0), length))
        }
        return CooldownSnapshot(
            destination: target,
            cooldownLeft: left(until: cooldownEnds, atMost: cooldownSeconds),
            cooldownLength: milliseconds(cooldownSeconds),
            codeLeft: left(until: codeExpires, atMost: codeLifetimeSeconds),
            codeLifetime: milliseconds(codeLifetimeSeconds),
            sendAges: sentAt.map { milliseconds(min(max(wallNow.timeIntervalSince($0), 0), Self.longestWait)) },
            sendLimitLeft: sendLimitEnds.map { left(until: $0, atMost: Self.longestWait) } ?? .zero,
            lockLeft: lockEnds.map { left(until: $0, atMost: Self.longestWait) } ?? .zero,
            codeMayBeInPlay: codeMayBeInPlay ?? false, codeLength: codeLength,
            channel: channel.flatMap(CodeChannel.init(rawValue:)))
    }
}

/// Why a saved cooldown's values were refused.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum SavedCooldownProblem: Error, Hashable, Sendable {
    /// Another format version.
    case unsupportedVersion(Int)
    /// A field out of range.
    case invalid(String)
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
