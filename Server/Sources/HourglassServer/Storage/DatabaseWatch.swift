import Logging
import ServiceLifecycle

/// Asks the database whether it answers every 5 s, and says so in the log only when that
/// changes: once when it stops answering (with the reason), once when it answers again (after how
/// long). PostgreSQL's client itself logs at `notice` and above only (see `VerificationServer`),
/// so an outage is two lines, not one a second; no query's rows, nor the login exchange, are ever
/// logged.
struct DatabaseWatch: Service {
    let store: any VerificationStore
    let logger: Logger
    var interval: Duration = .seconds(5)

    func run() async throws {
        var lostAt: ContinuousClock.Instant?
        while true {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
            do {
                try await StoreDeadline.run(.seconds(2)) { try await store.ping() }
                if let since = lostAt {
                    logger.notice("the database answers again, after \(since.duration(to: .now).wholeSeconds) s")
                    lostAt = nil
                }
            } catch {
                if lostAt == nil {
                    logger.error("the database does not answer: \(VerificationServer.reason(error))")
                    lostAt = .now
                }
            }
        }
    }
}
