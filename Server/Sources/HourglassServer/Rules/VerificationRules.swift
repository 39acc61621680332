import SignUpDomain

/// The limits the server enforces, per destination (its limit key) and per client address.
/// The defaults are the contract's, from ``VerificationDefaults`` (shared with the clients); the
/// command line can change them.
public struct VerificationRules: Sendable, Hashable {
    /// Digits in a code (4 to 10).
    public var codeLength = VerificationDefaults.codeLength
    /// Seconds a code lives.
    public var codeLifetime = Self.seconds(VerificationDefaults.codeLifetime)
    /// Seconds before the next code for the same destination.
    public var cooldown = Self.seconds(VerificationDefaults.cooldown)
    /// Codes a destination may get per window.
    public var sendLimit = VerificationDefaults.sendLimit
    /// The window of the send limits, in seconds.
    public var sendWindow = Self.seconds(VerificationDefaults.sendWindow)
    /// Codes one client address may have sent per window, whatever the destinations.
    public var addressSendLimit = 50
    /// Wrong checks one client address may make per window, whatever the destinations.
    public var addressFailureLimit = 100
    /// Wrong checks a code allows; the last one locks its destination.
    public var attempts = VerificationDefaults.attempts
    /// Seconds a destination stays locked after its last wrong check.
    public var lockDuration = Self.seconds(VerificationDefaults.lockDuration)
    /// Seconds a proof lives.
    public var proofLifetime = Self.seconds(VerificationDefaults.proofLifetime)

    /// The contract's defaults.
    public init() {}

    /// A default's whole seconds, as the rules and the database count them.
    private static func seconds(_ duration: Duration) -> Int { Int(duration.components.seconds) }

    /// Checks every value is in its range; throws a message that names the first that is not.
    public func validated() throws(ServerSetupError) -> Self {
        let checks: [(String, Int, ClosedRange<Int>)] = [
            ("code length", codeLength, 4...10), ("code lifetime", codeLifetime, 1...86_400),
            ("cooldown", cooldown, 0...86_400), ("send limit", sendLimit, 1...1_000),
            ("send window", sendWindow, 1...604_800), ("address send limit", addressSendLimit, 1...1_000_000),
            ("address failure limit", addressFailureLimit, 1...1_000_000), ("attempts", attempts, 1...100),
            ("lock duration", lockDuration, 1...604_800), ("proof lifetime", proofLifetime, 1...86_400),
        ]
        for (name, value, range) in checks where !range.contains(value) {
            throw .invalidOption("the \(name) must be in \(range.lowerBound)...\(range.upperBound), not \(value)")
        }
        return self
    }
}
