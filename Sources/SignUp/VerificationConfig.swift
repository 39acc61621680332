/// How the verification-code screen behaves.
///
/// Values out of range are clamped, when made and when set, so that no setting can trap or
/// stall the screen: ``codeLength`` to 1...16, ``sendLimit`` to at least 1, ``cooldown`` and
/// ``sendWindow`` to at least zero.
public struct VerificationConfig: Hashable, Sendable {
    /// How long the send button waits after a successful send, unless the server says otherwise.
    public var cooldown: Duration { didSet { cooldown = max(cooldown, .zero) } }
    /// How many digits a code has: 1 to 16.
    public var codeLength: Int { didSet { codeLength = Self.codeLengths.clamp(codeLength) } }
    /// How many codes may be requested within ``sendWindow``: at least 1.
    public var sendLimit: Int { didSet { sendLimit = max(sendLimit, 1) } }
    /// The window the send limit counts over.
    public var sendWindow: Duration { didSet { sendWindow = max(sendWindow, .zero) } }
    /// The language of every text.
    public var language: SignUpLanguage

    private static let codeLengths = 1...16

    /// The defaults: a 60 s cooldown, 6-digit codes, 5 sends an hour, English.
    public init(
        cooldown: Duration = .seconds(60), codeLength: Int = 6, sendLimit: Int = 5,
        sendWindow: Duration = .seconds(3_600), language: SignUpLanguage = .english
    ) {
        self.cooldown = max(cooldown, .zero)
        self.codeLength = Self.codeLengths.clamp(codeLength)
        self.sendLimit = max(sendLimit, 1)
        self.sendWindow = max(sendWindow, .zero)
        self.language = language
    }
}

extension ClosedRange {
    /// `value`, or the nearer end when it is outside.
    func clamp(_ value: Bound) -> Bound { Swift.min(Swift.max(value, lowerBound), upperBound) }
}
