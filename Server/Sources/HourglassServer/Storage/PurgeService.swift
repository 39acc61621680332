import Foundation
import Logging
import ServiceLifecycle
import SignUpDomain

/// Purges the store every minute (``VerificationStore/purge(now:since:idleSince:)``): without
/// it, sends, failures, proofs and rows of destinations nobody uses would pile up for ever.
/// Several instances may purge one database at once; a purge that fails is logged and tried
/// again a minute later. A graceful shutdown ends its wait at once.
struct PurgeService: Service {
    let store: any VerificationStore
    let rules: VerificationRules
    let clock: any WallClock
    let logger: Logger

    func run() async throws {
        while true {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(60)) }
            } catch {
                return
            }
            await purge()
        }
    }

    /// One purge, at the clock's time now.
    func purge() async {
        let now = clock.now.millisecondsSince1970
        let idle = max(rules.cooldown, rules.codeLifetime).milliseconds
        do {
            // A counter's window has ended once it began a longest window ago; a budget's, two
            // (its window before counts in its rolling one: `BudgetWindow`), when there is a
            // budget (the address counters hold client addresses).
            let budgets = rules.sendBudget != nil || rules.callingCodeBudget != nil || rules.voiceBudget != nil
            // A proof's replays are counted in windows of its lifetime.
            let windows = max(rules.sendWindow, rules.proofLifetime)
            let longest = (budgets ? max(windows, rules.budgetWindow * 2) : windows).milliseconds
            try await store.purge(
                now: now, since: now - rules.sendWindow.milliseconds, idleSince: now - idle,
                countersBefore: now - longest)
        } catch {
            logger.warning("purge failed: \(error)")
        }
    }
}
