public import SignUpDomain

/// What a server is: where it listens, where it keeps its state, how it delivers codes, its
/// rules and its clock.
public struct ServerConfiguration: Sendable {
    /// The address to listen on.
    public var host = "127.0.0.1"
    /// The port to listen on; 0 picks a free one.
    public var port = 8080
    /// A SQLite file's path (`hourglass.sqlite`, `sqlite:PATH`), or a PostgreSQL URL
    /// (`postgres://user:password@host:5432/database`).
    public var database = "hourglass.sqlite"
    /// The outbox file (``Outbox``).
    public var outbox = "outbox.jsonl"
    /// Serves the outbox at `GET /v1/outbox`: for tests and development only.
    public var dev = false
    /// The HMAC key's file; beside a SQLite database it defaults to `DATABASE.key`, made when
    /// missing. A PostgreSQL database needs one, the same for every instance.
    public var keyFile: String?
    /// The limits.
    public var rules = VerificationRules()
    /// Which phone numbers get codes at all: by region, and by type.
    public var destinationRules = DestinationRules()
    /// Reads the client address from `X-Forwarded-For` (its last entry): only behind a proxy
    /// that sets it, or any client could pick its own address.
    public var trustForwardedFor = false
    /// The longest a database call may take; past it the request answers `500` `internal`, so a
    /// database that stops answering never holds a client.
    public var databaseTimeout: Duration = .seconds(5)
    /// The most connections to PostgreSQL this instance opens (a request waits for one when all
    /// are busy); postgres-nio's default, 20. Each is a PostgreSQL backend: several instances
    /// share the server's `max_connections`.
    public var databaseConnections = 20
    /// The longest a request may take to arrive whole, from its head to the end of its body;
    /// past it the connection is closed.
    public var requestDeadline: Duration = .seconds(15)
    /// The most client connections open at once; a client beyond them waits in the kernel's
    /// backlog until one closes. The process's limit on open files must exceed it by 64 or
    /// more: the server raises its soft limit to the hard one, and warns at its start when that
    /// is still too low.
    public var maxConnections = 1_000
    /// The most client connections open at once from one address (an IPv4 address, an IPv6
    /// /64; ``maxConnections`` when it is lower). A connection over it, or over
    /// ``maxConnections``, takes the place of the
    /// longest-idle connection of that address (of any, at the cap), or is closed when none is
    /// idle. Not applied with ``trustForwardedFor``: every connection comes from the proxy then.
    public var maxConnectionsPerAddress = 100
    /// The longest an answer may wait for its client to read it: a connection that cannot take
    /// more output for this long is closed (and nothing more is read from it meanwhile).
    public var writeDeadline: Duration = .seconds(10)
    /// How long a SIGTERM or SIGINT lets the requests in flight finish (they stop being accepted
    /// at once); past it every connection is closed and the server exits.
    public var shutdownGrace: Duration = .seconds(20)
    /// Serves the metrics (``ServerMetrics``, Prometheus's text format) at `GET /metrics` on
    /// this port of ``metricsHost``, apart from the API so that it need not be public; nil
    /// serves none.
    public var metricsPort: Int?
    /// The address the metrics listen on: the loopback unless a scraper elsewhere needs them.
    public var metricsHost = "127.0.0.1"
    /// Where the rules' time comes from; tests pass a manual one.
    public var clock: any WallClock = SystemWallClock()
    /// Delivers codes: this sender if set, else the webhook of ``webhookURL`` if set, else the
    /// ``Outbox``.
    public var sender: (any CodeSender)?
    /// `--webhook-url`: codes go to this webhook (``WebhookSender``), signed with the secret in
    /// ``webhookSecretFile``.
    public var webhookURL: String?
    /// `--webhook-secret-file`: the file holding the webhook's secret (`whsec_…`).
    public var webhookSecretFile: String?
    /// `--otp-origin` and `--android-app-hash`: the lines that let a phone fill a text's code
    /// in (none by default).
    public var autofill = CodeAutofill()
    /// `--message-templates`: a folder of the operator's texts, `LANGUAGE.txt` each
    /// (``MessageTexts``); nil: the built-in texts.
    public var messageTemplates: String?
    /// The texts codes go in: the built-in ones, with the operator's files once ``validated()``.
    var texts = MessageTexts.builtIn

    /// The API listener's bounds.
    var listenerLimits: ListenerLimits {
        ListenerLimits(
            maxConnections: maxConnections,
            addressShare: trustForwardedFor ? maxConnections : maxConnectionsPerAddress,
            requestDeadline: requestDeadline, writeDeadline: writeDeadline)
    }

    /// The descriptors the process needs: every connection of both listeners and a reserve.
    var descriptorsNeeded: Int {
        maxConnections + (metricsPort == nil ? 0 : MetricsServer.limits.maxConnections) + DescriptorLimit.reserve
    }

    /// The defaults: 127.0.0.1:8080, `hourglass.sqlite`, `outbox.jsonl`, the contract's rules.
    public init() {}
}
