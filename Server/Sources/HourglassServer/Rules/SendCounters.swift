import PhoneNumbers
import SignUpDomain

/// The counters a send reads, and bumps when it sends.
struct SendCounters: Sendable, Hashable {
    /// The client address's sends.
    var address: WindowCounter
    /// Every code sent to the destination's medium (when there is a send budget): phone
    /// numbers' texts and calls, or e-mails. E-mails never spend the budget of texts and calls,
    /// which cost money.
    var budget: WindowCounter?
    /// The codes sent to that medium from the client's network, and to the number's prefix
    /// (a phone number's), each a share of the send budget (``VerificationRules/budgetShare``).
    var networkBudget: WindowCounter?, prefixBudget: WindowCounter?
    /// The codes sent to the destination's calling code (a phone number, when there is a
    /// calling-code budget).
    var callingCode: WindowCounter?
    /// Every call made (a call, when there is a voice budget).
    var voice: WindowCounter?
    /// How many sends each budget holds in its window.
    var budgetLimit = 0, shareLimit = 0, callingCodeLimit = 0, voiceLimit = 0
    /// The budgets' window.
    var budgetWindow: Duration

    /// The counters of a send from `address` (a limit key) to `destination` (a normalised
    /// destination) on `channel` at `now`.
    init(address: String, destination: String, channel: CodeChannel, at now: Int64, rules: VerificationRules) {
        self.address = .addressSends(address, at: now, rules: rules)
        budgetWindow = rules.budgetWindow
        let phone = destination.hasPrefix("+")
        if let limit = rules.sendBudget {
            // Texts and calls share the key texts had before there were calls.
            let medium = phone ? "sms" : "email"
            budget = WindowCounter("budget:" + medium, at: now, window: rules.budgetWindow)
            budgetLimit = limit
            if rules.budgetShare < 100 {
                shareLimit = max(1, (limit * rules.budgetShare + 99) / 100)
                let network = "budget:\(medium):network:" + ClientAddress.network(ofKey: address)
                networkBudget = WindowCounter(network, at: now, window: rules.budgetWindow)
                if phone {
                    let prefix = "budget:sms:prefix:" + destination.dropFirst().prefix(6)
                    prefixBudget = WindowCounter(prefix, at: now, window: rules.budgetWindow)
                }
            }
        }
        if let limit = rules.callingCodeBudget, let code = SendCounters.callingCode(of: destination) {
            callingCode = WindowCounter("budget:+" + code, at: now, window: rules.budgetWindow)
            callingCodeLimit = limit
        }
        if let limit = rules.voiceBudget, channel == .voice {
            voice = WindowCounter("budget:voice", at: now, window: rules.budgetWindow)
            voiceLimit = limit
        }
    }

    /// The budgets a send takes one from, in the order a store bumps them, each with its limit
    /// and the reason a send is refused once it is spent: the shares first, the rows every
    /// instance writes last.
    var budgets: [(counter: WindowCounter, limit: Int, reason: LimitReason)] {
        [
            networkBudget.map { ($0, shareLimit, LimitReason.sendBudget) },
            prefixBudget.map { ($0, shareLimit, LimitReason.sendBudget) },
            callingCode.map { ($0, callingCodeLimit, LimitReason.callingCodeBudget) },
            voice.map { ($0, voiceLimit, LimitReason.voiceBudget) },
            budget.map { ($0, budgetLimit, LimitReason.sendBudget) },
        ].compactMap { $0 }
    }

    /// The rolling window of `budget` (one of ``budgets``), its counts as read: its fixed
    /// window's and the window's before, whose counter is ``previous(of:)``.
    func window(
        of budget: (counter: WindowCounter, limit: Int, reason: LimitReason), current: Int, previous: Int
    ) -> BudgetWindow {
        BudgetWindow(
            limit: budget.limit, length: budgetWindow.milliseconds, start: budget.counter.start, current: current,
            previous: previous)
    }

    /// The counter of the window before `counter`'s, in the budgets' window.
    func previous(of counter: WindowCounter) -> WindowCounter { counter.previous(length: budgetWindow) }

    /// Every counter, in the order a store bumps them: the address's first, the budgets' (rows
    /// every instance writes) last, so that they are held for as short as can be.
    var all: [WindowCounter] { [address] + budgets.map(\.counter) }

    private static func callingCode(of destination: String) -> String? {
        destination.hasPrefix("+") ? PhoneNumbering.callingCode(of: destination) : nil
    }
}
