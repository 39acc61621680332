import SignUpDomain

/// The limits the server enforces, per destination (its limit key) and per client address.
/// The defaults are the contract's, from ``VerificationDefaults`` (shared with the clients); the
/// command line can change them. Times are `Duration`s; the wire and the command line say them
/// in whole seconds, the database in milliseconds.
public struct VerificationRules: Sendable, Hashable {
    /// Digits in a code (4 to 10).
    public var codeLength = VerificationDefaults.codeLength
    /// How long a code lives.
    public var codeLifetime = VerificationDefaults.codeLifetime
    /// The wait before the next code for the same destination.
    public var cooldown = VerificationDefaults.cooldown
    /// Codes a destination may get per window.
    public var sendLimit = VerificationDefaults.sendLimit
    /// The window of the send limits.
    public var sendWindow = VerificationDefaults.sendWindow
    /// Codes one client address may have sent per window, whatever the destinations.
    public var addressSendLimit = VerificationDefaults.addressSendLimit
    /// Wrong checks one client address may make per window, whatever the destinations.
    public var addressFailureLimit = VerificationDefaults.addressFailureLimit
    /// Wrong checks a code allows; the last one locks its destination.
    public var attempts = VerificationDefaults.attempts
    /// How long a destination stays locked after its last wrong check.
    public var lockDuration = VerificationDefaults.lockDuration
    /// How long a proof lives.
    public var proofLifetime = VerificationDefaults.proofLifetime
    /// Codes the server sends per budget window on each medium (phone numbers' texts and calls,
    /// e-mails: a budget each),
    /// to every destination together; nil for no budget. Against SMS pumping: a bill has a
    /// ceiling, and sends to made-up e-mail addresses never spend the texts'.
    public var sendBudget: Int?
    /// Codes the server sends per budget window to one country calling code (`+52`); nil for
    /// no budget. Pumping goes to numbers of a few far-away codes.
    public var callingCodeBudget: Int?
    /// Calls the server makes per budget window, to every destination together; nil for no
    /// budget. A call costs more than a text, and pumping uses calls too: a call spends this
    /// budget and the texts' (``sendBudget``) both.
    public var voiceBudget: Int?
    /// The window of the send budgets.
    public var budgetWindow = VerificationDefaults.budgetWindow
    /// The percent of a channel's send budget that one network (an IPv4 /24, an IPv6 /64) and
    /// one number prefix (a phone number's first six digits) may each spend in a window, at
    /// least one send: the budget is refused to them by share before it is spent for everyone.
    /// 100 for no share.
    public var budgetShare = 10

    /// The contract's defaults.
    public init() {}

    /// Checks every value is in its range; throws a message that names the first that is not.
    public func validated() throws(ServerSetupError) -> Self {
        let counts: [(String, Int, ClosedRange<Int>)] = [
            ("code length", codeLength, VerificationDefaults.codeLengths), ("send limit", sendLimit, 1...1_000),
            ("address send limit", addressSendLimit, 1...1_000_000),
            ("address failure limit", addressFailureLimit, 1...1_000_000), ("attempts", attempts, 1...100),
            ("send budget", sendBudget ?? 1, 1...1_000_000_000),
            ("calling code budget", callingCodeBudget ?? 1, 1...1_000_000_000),
            ("voice budget", voiceBudget ?? 1, 1...1_000_000_000),
            ("budget share", budgetShare, 1...100),
        ]
        for (name, value, range) in counts where !range.contains(value) {
            throw .invalidOption("the \(name) must be in \(range.lowerBound)...\(range.upperBound), not \(value)")
        }
        // In whole seconds, as the wire says them: a fraction would be answered rounded.
        let longestLock = VerificationDefaults.longestLock.components.seconds
        let longestWait = VerificationDefaults.longestWait.components.seconds
        let times: [(String, Duration, ClosedRange<Int64>)] = [
            ("code lifetime", codeLifetime, 1...86_400), ("cooldown", cooldown, 0...86_400),
            ("send window", sendWindow, 1...longestLock), ("lock duration", lockDuration, 1...longestLock),
            ("proof lifetime", proofLifetime, 1...86_400), ("budget window", budgetWindow, 60...longestWait),
        ]
        for (name, value, range) in times
        where value.components.attoseconds != 0 || !range.contains(value.components.seconds) {
            throw .invalidOption(
                "the \(name) must be whole seconds in \(range.lowerBound)...\(range.upperBound), not \(value)")
        }
        return self
    }
}

extension Duration {
    /// Whole milliseconds, as the database counts instants (sub-millisecond parts dropped).
    var milliseconds: Int64 { components.seconds * 1_000 + components.attoseconds / 1_000_000_000_000_000 }

    /// Whole seconds, rounded up, as the wire says a wait or a lifetime.
    var wholeSeconds: Int { Int(components.seconds) + (components.attoseconds > 0 ? 1 : 0) }
}
