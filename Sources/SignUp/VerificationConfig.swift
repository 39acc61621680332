/// How the verification-code screen behaves.
public struct VerificationConfig: Hashable, Sendable {
    /// How long the send button waits after a successful send, unless the server says otherwise.
    public var cooldown: Duration
    /// How many digits a code has.
    public var codeLength: Int
    /// How many codes may be requested within ``sendWindow``.
    public var sendLimit: Int
    /// The window the send limit counts over.
    public var sendWindow: Duration
    /// The language of every text.
    public var language: SignUpLanguage

    /// The defaults: a 60 s cooldown, 6-digit codes, 5 sends an hour, English.
    public init(
        cooldown: Duration = .seconds(60), codeLength: Int = 6, sendLimit: Int = 5,
        sendWindow: Duration = .seconds(3_600), language: SignUpLanguage = .english
    ) {
        self.cooldown = cooldown
        self.codeLength = codeLength
        self.sendLimit = sendLimit
        self.sendWindow = sendWindow
        self.language = language
    }
}
