import PhoneNumbers

/// One counter of `window_counts`: the events of one scope (a client address's sends or
/// failures, the send budget, a calling code's budget) in one fixed window, a row each, read and
/// bumped in O(1) whatever the traffic. A window starts at a multiple of its length since 1970,
/// so every instance agrees on it; a count starts afresh with each window.
struct WindowCounter: Sendable, Hashable {
    /// What is counted: `address-sends:ADDRESS`, `address-failures:ADDRESS`, `budget:CHANNEL`
    /// (`budget:sms`, `budget:email`), `budget:+CALLING-CODE`.
    let scope: String
    /// When the window began, in milliseconds since 1970.
    let start: Int64

    /// The counter of `scope` for the window of `length` that holds `now`.
    init(_ scope: String, at now: Int64, window length: Duration) {
        let milliseconds = max(length.milliseconds, 1)
        self.scope = scope
        self.start = now - ((now % milliseconds) + milliseconds) % milliseconds
    }

    /// A client address's sends per send window.
    static func addressSends(_ address: String, at now: Int64, rules: VerificationRules) -> Self {
        Self("address-sends:" + address, at: now, window: rules.sendWindow)
    }

    /// A client address's failures per send window.
    static func addressFailures(_ address: String, at now: Int64, rules: VerificationRules) -> Self {
        Self("address-failures:" + address, at: now, window: rules.sendWindow)
    }
}

/// The counters a send reads, and bumps when it sends.
struct SendCounters: Sendable, Hashable {
    /// The client address's sends.
    var address: WindowCounter
    /// Every code sent on the destination's channel (when there is a send budget): e-mails
    /// never spend the budget of texts, which cost money.
    var budget: WindowCounter?
    /// The codes sent to the destination's calling code (a phone number, when there is a
    /// calling-code budget).
    var callingCode: WindowCounter?
    /// How many sends each budget holds in its window.
    var budgetLimit = 0, callingCodeLimit = 0

    /// The counters of a send from `address` to `destination` (a normalised destination) at `now`.
    init(address: String, destination: String, at now: Int64, rules: VerificationRules) {
        self.address = .addressSends(address, at: now, rules: rules)
        if let limit = rules.sendBudget {
            let channel = destination.hasPrefix("+") ? "sms" : "email"
            budget = WindowCounter("budget:" + channel, at: now, window: rules.budgetWindow)
            budgetLimit = limit
        }
        if let limit = rules.callingCodeBudget, let code = SendCounters.callingCode(of: destination) {
            callingCode = WindowCounter("budget:+" + code, at: now, window: rules.budgetWindow)
            callingCodeLimit = limit
        }
    }

    /// The budgets a send takes one from, in the order a store bumps them, each with its limit
    /// and the reason a send is refused once it is spent.
    var budgets: [(counter: WindowCounter, limit: Int, reason: LimitReason)] {
        [
            callingCode.map { ($0, callingCodeLimit, LimitReason.callingCodeBudget) },
            budget.map { ($0, budgetLimit, LimitReason.sendBudget) },
        ].compactMap { $0 }
    }

    /// Every counter, in the order a store bumps them: the address's first, the budgets' (rows
    /// every instance writes) last, so that they are held for as short as can be.
    var all: [WindowCounter] { [address] + budgets.map(\.counter) }

    private static func callingCode(of destination: String) -> String? {
        destination.hasPrefix("+") ? PhoneNumbering.callingCode(of: destination) : nil
    }
}
