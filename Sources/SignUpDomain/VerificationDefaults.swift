/// The rules' defaults, written once for every side: the reference server's rules, the
/// view-models' configuration and the scripted service read them, and the contract
/// (`openapi/openapi.yaml`) states the same values.
public enum VerificationDefaults: Sendable {
    /// Between two codes for one destination: 60 s.
    public static let cooldown = Duration.seconds(60)
    /// Digits in a code: 6.
    public static let codeLength = 6
    /// How long a code lives on the server: 600 s.
    public static let codeLifetime = Duration.seconds(600)
    /// Codes one destination may get per ``sendWindow``: 5.
    public static let sendLimit = 5
    /// The window of the send limit: an hour.
    public static let sendWindow = Duration.seconds(3_600)
    /// Wrong checks a code allows; the last one locks its destination: 5.
    public static let attempts = 5
    /// How long a destination stays locked after its last wrong check: 900 s.
    public static let lockDuration = Duration.seconds(900)
    /// How long a proof of verification lives: 600 s.
    public static let proofLifetime = Duration.seconds(600)
}
