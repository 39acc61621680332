/// One counter of `window_counts`: the events of one scope (a client address's sends or
/// failures, the send budget, a calling code's budget) in one fixed window, a row each, read and
/// bumped in O(1) whatever the traffic. A window starts at a multiple of its length since 1970,
/// so every instance agrees on it; a count starts afresh with each window.
struct WindowCounter: Sendable, Hashable, Codable {
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

    /// The counter of the same scope in the window before this one, of `length`.
    func previous(length: Duration) -> Self {
        Self(scope, at: start - 1, window: length)
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
