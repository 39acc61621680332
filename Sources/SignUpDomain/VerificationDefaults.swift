/// The rules' defaults and ranges, written once for every side: the reference server's rules,
/// the view-models' configuration and the scripted service read them, and the contract
/// (`openapi/openapi.yaml`) states the same values (a test holds it to them).
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
    /// Codes one client address may be sent per ``sendWindow``: 50.
    public static let addressSendLimit = 50
    /// Failures (wrong, expired or missing codes; refused account attempts) one client address
    /// may have per ``sendWindow``: 100.
    public static let addressFailureLimit = 100
    /// The window of the send budgets: a day.
    public static let budgetWindow = Duration.seconds(86_400)

    /// The digits a server's codes may have: 4 to 10.
    public static let codeLengths = 4...10
    /// The characters a destination may have on the wire: 1 to 320 (an address's 254, with room).
    public static let destinationLengths = 1...320
    /// The longest wait a server may ask for: its longest window, a budget's, at most 31 days
    /// (a lock and the send window, at most 7). A client takes any wait up to it as it is.
    public static let longestWait = Duration.seconds(2_678_400)
    /// The longest lock and send window a server may set: 7 days.
    public static let longestLock = Duration.seconds(604_800)
}
