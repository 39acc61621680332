/// How the scripted service answers.
public struct ScriptedServiceSettings: Hashable, Sendable {
    /// How long each answer takes, in clock time.
    public var latency: Duration = .milliseconds(300)
    /// The server's own wait before the next code (overrides the screen's cooldown), if any.
    public var resendAfter: Duration?
    /// How long a code is valid: 5 minutes, half the rules' default, so that a script shows an
    /// expiry in few lines.
    public var codeLifetime: Duration = .seconds(300)
    /// How many digits the codes have.
    public var codeLength = VerificationDefaults.codeLength
    /// Wrong codes before the lock.
    public var maxAttempts = VerificationDefaults.attempts
    /// How long the lock lasts.
    public var lockDuration: Duration = VerificationDefaults.lockDuration

    /// The defaults: 300 ms latency, 5-minute codes, and the rules' (`VerificationDefaults`)
    /// code length, attempts and lock.
    public init() {}
}
