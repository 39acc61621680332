/// What the server says when it has sent a code.
public struct CodeReceipt: Hashable, Sendable {
    /// When the next code may be requested, if the server decides (overrides the cooldown).
    public var resendAfter: Duration?
    /// How long the code is valid.
    public var codeLifetime: Duration
    /// How many digits the code has, if the server says: it sets the code field, over
    /// ``VerificationConfig/codeLength`` (kept in 1...16).
    public var codeLength: Int?
    /// How the code went, if the server says: a text, a call or an e-mail. Nil: the channel
    /// asked, or the destination's default (`CodeChannel.default(for:)`).
    public var channel: CodeChannel?

    /// Creates a receipt.
    public init(
        resendAfter: Duration? = nil, codeLifetime: Duration = .seconds(300), codeLength: Int? = nil,
        channel: CodeChannel? = nil
    ) {
        self.resendAfter = resendAfter
        self.codeLifetime = codeLifetime
        self.codeLength = codeLength
        self.channel = channel
    }
}
