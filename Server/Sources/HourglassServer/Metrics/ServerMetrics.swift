import Metrics
import Prometheus
import Synchronization

/// What the server counts and times, in a Prometheus registry of its own (so that two servers in
/// one process never mix their figures), served at `GET /metrics` on `--metrics-port`:
///
/// | metric | labels |
/// | --- | --- |
/// | `hourglass_sends_total` | `outcome`: `sent`, `rate_limited` (the cooldown, or the address's limit), `send_limit`, `locked`, `calling_code_budget`, `send_budget`, `voice_budget`, `refused` (region, type or channel), `invalid`, `failed` |
/// | `hourglass_codes_sent_total` | `channel`: `sms`, `voice`, `email` |
/// | `hourglass_checks_total` | `outcome`: `verified`, `wrong`, `locked` (this check locked it, or it was), `expired`, `superseded`, `rate_limited`, `invalid`, `failed` |
/// | `hourglass_accounts_total` | `outcome`: `created`, `replayed`, `exists`, `invalid_proof`, `weak_password`, `rate_limited`, `busy`, `invalid`, `failed` |
/// | `hourglass_deliveries_total` | `sender` (`outbox`, `webhook`, `custom`), `result`: `delivered`, `failed` |
/// | `hourglass_fraud_refusals_total` | `rule`: `region`, `number_type`, `calling_code_budget`, `send_budget`, `voice_budget` |
/// | `hourglass_request_duration_seconds` (histogram) | `operation` (`send_code`, `check_code`, `create_account`, `other`), `status` |
/// | `hourglass_database_duration_seconds` (histogram) | `operation`: the store's call |
struct ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    /// Each metric made once, by label and dimensions: making one costs the factory's sanitising
    /// and the registry's lock on every request.
    private let made = Made()

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
            .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .milliseconds(2_500), .seconds(5),
        ]
        self.factory = factory
    }

    /// A send's outcome.
    func send(_ outcome: String) { count("hourglass_sends_total", ("outcome", outcome)) }
    /// A check's outcome.
    func check(_ outcome: String) { count("hourglass_checks_total", ("outcome", outcome)) }
    /// An account request's outcome.
    func account(_ outcome: String) { count("hourglass_accounts_total", ("outcome", outcome)) }
    /// A code handed to `sender`, or not.
    func delivery(by sender: String, _ result: String) {
        count("hourglass_deliveries_total", ("sender", sender), ("result", result))
    }
    /// A code sent by `channel` (`sms`, `voice`, `email`).
    func sent(by channel: String) { count("hourglass_codes_sent_total", ("channel", channel)) }
    /// A send a fraud rule refused.
    func fraudRefusal(_ rule: String) { count("hourglass_fraud_refusals_total", ("rule", rule)) }

    /// A request answered with `status` after `duration`.
    func request(_ operation: String, status: Int, took duration: Duration) {
        timer("hourglass_request_duration_seconds", [("operation", operation), ("status", String(status))])
            .record(duration: duration)
    }

    /// Runs `body`, one of the store's calls, and records how long it took.
    func database<Value>(_ operation: String, _ body: () async throws -> Value) async rethrows -> Value {
        let start = ContinuousClock.now
        defer {
            timer("hourglass_database_duration_seconds", [("operation", operation)])
                .record(duration: ContinuousClock.now - start)
        }
        return try await body()
    }

    /// The registry in Prometheus's text format.
    func exposition() -> String { registry.emitToString() }

    /// Adds one to the counter of `label` and `dimensions`.
    private func count(_ label: String, _ dimensions: (String, String)...) {
        let key = Made.Key(label: label, dimensions: dimensions)
        if let counter = made.counters.withLock({ $0[key] }) { return counter.increment() }
        let counter = Metrics.Counter(label: label, dimensions: dimensions, factory: factory)
        made.counters.withLock { $0[key] = counter }
        counter.increment()
    }

    /// The timer of `label` and `dimensions`.
    private func timer(_ label: String, _ dimensions: [(String, String)]) -> Metrics.Timer {
        let key = Made.Key(label: label, dimensions: dimensions)
        if let timer = made.timers.withLock({ $0[key] }) { return timer }
        let timer = Metrics.Timer(label: label, dimensions: dimensions, factory: factory)
        made.timers.withLock { $0[key] = timer }
        return timer
    }

    /// The metrics made so far. (The factory returns the one metric of a label and dimensions
    /// however often it is asked: two requests that make one at once record into the same.)
    private final class Made: Sendable {
        /// A metric's label and its dimensions' names and values, in order.
        struct Key: Hashable {
            let label: String
            let dimensions: [String]
            init(label: String, dimensions: [(String, String)]) {
                self.label = label
                self.dimensions = dimensions.flatMap { [$0.0, $0.1] }
            }
        }
        let counters = Mutex<[Key: Metrics.Counter]>([:])
        let timers = Mutex<[Key: Metrics.Timer]>([:])
    }
}
