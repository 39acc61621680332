/// How the scripted service answers.
public struct ScriptedServiceSettings: Hashable, Sendable {
    /// How long each answer takes, in clock time.
    public var latency: Duration = .milliseconds(300)
    /// The server's own wait before the next code (overrides the screen's cooldown), if any.
    public var resendAfter: Duration?
    /// How long a code is valid.
    public var codeLifetime: Duration = .seconds(300)
    /// How many digits the codes have.
    public var codeLength = 6
    /// Wrong codes before the lock.
    public var maxAttempts = 5
    /// How long the lock lasts.
    public var lockDuration: Duration = .seconds(900)

    /// The defaults: 300 ms latency, 5-minute codes, 5 attempts, a 15-minute lock.
    public init() {}
}
