import Foundation
public import Hummingbird
import HummingbirdCore
public import Logging
import NIOCore
import OpenAPIRuntime
import PostgresNIO
import ServiceLifecycle
import UnixSignals

/// The reference server: Hummingbird serving the generated API on a store and an outbox.
///
/// ```swift
/// var configuration = ServerConfiguration()
/// configuration.database = "postgres://hourglass@localhost/hourglass"
/// configuration.keyFile = "/etc/hourglass/key"
/// try await VerificationServer.run(configuration, logger: logger)
/// ```
public enum VerificationServer {
    /// The application, ready to run: its store opened (SQLite) or its client made
    /// (PostgreSQL, run as one of the application's services), its tables made before it
    /// listens, its outbox open.
    /// - Throws: ``ServerSetupError`` for a value the command line would refuse
    ///   (``ServerConfiguration/validated()``), a bad database URL, or an outbox or a key file
    ///   that cannot be used.
    public static func makeApplication(
        _ configuration: ServerConfiguration, logger: Logger
    ) throws(ServerSetupError) -> some ApplicationProtocol {
        let configuration = try configuration.validated()
        let rules = configuration.rules
        let (store, storeServices, keyPath, probe) = try openStore(configuration, logger: logger)
        var services = storeServices
        let key = try ServerKey.load(from: keyPath, createIfMissing: configuration.keyFile == nil)
        let outbox = try Outbox(path: configuration.outbox)
        let webhook = try Self.webhook(configuration)
        let metrics = ServerMetrics()
        let deliveries = Deliveries(
            store: store, sender: configuration.sender ?? webhook ?? outbox, seal: DeliverySeal(serverKey: key),
            metrics: metrics, logger: logger)
        let api = VerificationAPI(
            ledger: VerificationLedger(rules: rules, hasher: CodeHasher(key: key)), store: store,
            deliveries: deliveries,
            devOutbox: configuration.dev ? outbox : nil,
            clock: configuration.clock, logger: logger, hashing: PasswordHashing(),
            databaseTimeout: configuration.databaseTimeout, metrics: metrics,
            destinationRules: configuration.destinationRules, autofill: configuration.autofill,
            texts: configuration.texts)

        let router = Self.router(api: api, metrics: metrics, store: store, configuration: configuration, logger: logger)
        services.append(PurgeService(store: store, rules: rules, clock: configuration.clock, logger: logger))
        services.append(
            DeliveryResumer(store: store, deliveries: deliveries, clock: configuration.clock, logger: logger))
        services.append(DatabaseWatch(store: store, logger: logger))
        if let port = configuration.metricsPort {
            services.append(MetricsServer(metrics, host: configuration.metricsHost, port: port, logger: logger))
        }
        // See ListenerLimits: the head bounded, the connections capped and shared by address,
        // a request's arrival and an answer's reading on deadlines, a connection idle for 15 s
        // closed. Behind a trusted proxy every connection comes from the proxy: no share then.
        let limits = configuration.listenerLimits
        let registry = limits.registry()
        var app = Application(
            router: router, server: .http1(configuration: limits.http1(registry)),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            services: services,
            onServerRunning: { channel in
                await ListenerLimits.installGate(on: channel, registry: registry, logger: logger)
            },
            logger: logger)
        let redacted = DatabaseLocation.redacted(configuration.database)
        let probeFirst = probe
        app.beforeServerStarts {
            // One connection first, bounded: its own error says why a database cannot be used
            // (refused, unknown database or user), where the pool's says only that it gave up.
            if let probe = probeFirst {
                do {
                    let connection = try await StoreDeadline.run(.seconds(10)) {
                        try await PostgresConnection.connect(
                            on: PostgresConnection.defaultEventLoopGroup.next(), configuration: probe, id: 0,
                            logger: logger
                        ).get()
                    }
                    try? await connection.close()
                } catch {
                    throw ServerSetupError.database("\(redacted) cannot be reached: \(Self.reason(error))")
                }
            }
            do { try await StoreDeadline.run(.seconds(30)) { try await store.prepare() } } catch {
                throw ServerSetupError.database(
                    "\(redacted) cannot be prepared: \(Self.reason(error))"
                )
            }
            logger.notice("\(Self.startLine(configuration))")
            let needed = configuration.descriptorsNeeded
            if let files = DescriptorLimit.raise(), files < needed {
                logger.warning(
                    "the limit on open files (\(files)) leaves too few for \(configuration.maxConnections) connections; raise it to \(needed) or more, or lower --max-connections"
                )
            }
        }
        return app
    }

    /// The most a request's body may hold: 16 KiB.
    static let bodyLimit = 16 * 1_024

    /// The API's routes behind ``RequestMiddleware``: the send and the check served directly
    /// (``DirectRoutes``), the other operations by the generated server, and the probes.
    private static func router(
        api: VerificationAPI, metrics: ServerMetrics, store: any VerificationStore,
        configuration: ServerConfiguration, logger: Logger
    ) -> Router<ServerRequestContext> {
        let router = Router(context: ServerRequestContext.self)
        router.add(
            middleware: RequestMiddleware(
                metrics: metrics, logger: logger, bodyLimit: Self.bodyLimit,
                trustForwardedFor: configuration.trustForwardedFor))
        Self.addOperations(api, to: router)
        Self.addProbes(to: router, store: store)
        return router
    }

    /// The contract's operations of `api` on `router`: the send and the check by
    /// ``DirectRoutes``, the others by the generated server (all of them by the generated server
    /// when not `direct`: the reference `DirectRoutesTests` holds the direct routes to).
    static func addOperations(
        _ api: some APIProtocol & DirectOperations, to router: Router<ServerRequestContext>, direct: Bool = true
    ) {
        if direct { DirectRoutes(api: api).add(to: router) }
        let transport = RouterTransport(
            router: router, bodyLimit: Self.bodyLimit,
            servedElsewhere: direct ? DirectRoutes.paths : [])
        // Compact JSON, its keys sorted (the generator's default pretty-prints every answer).
        do {
            try api.registerHandlers(on: transport, configuration: .init(jsonEncodingOptions: [.sortedKeys]))
        } catch {
            preconditionFailure("the generated routes are valid: \(error)")
        }
    }

    /// The store `configuration.database` names, the services it runs (PostgreSQL's client),
    /// where its key file is, and the configuration of a first connection to probe (PostgreSQL).
    private static func openStore(
        _ configuration: ServerConfiguration, logger: Logger
    ) throws(ServerSetupError) -> (
        store: any VerificationStore, services: [any Service], keyPath: String,
        probe: PostgresConnection.Configuration?
    ) {
        let location = try DatabaseLocation.parse(configuration.database)
        let store: any VerificationStore
        var services: [any Service] = []
        let keyPath: String
        var probe: PostgresConnection.Configuration?
        switch location {
        case .sqlite(let path):
            do { store = try SQLiteStore(path: path) } catch {
                throw .database("cannot open the SQLite database \(path): \(error)")
            }
            keyPath = configuration.keyFile ?? path + ".key"
        case .postgres(var postgres, let probeConfiguration):
            probe = probeConfiguration
            postgres.options.connectTimeout = min(configuration.databaseTimeout, .seconds(10))
            postgres.options.maximumConnections = configuration.databaseConnections
            // Every statement of every connection ends with the request's deadline, in the
            // database too: set once, when the connection starts.
            let milliseconds = configuration.databaseTimeout.components.seconds * 1_000
            postgres.options.additionalStartupParameters.append(("statement_timeout", String(milliseconds)))
            // postgres-nio logs rows at trace and its login exchange and each reconnection below
            // notice: none of it is the operator's to read (DatabaseWatch says an outage once).
            var databaseLogger = logger
            databaseLogger.logLevel = max(logger.logLevel, .notice)
            let client = PostgresClient(configuration: postgres, backgroundLogger: databaseLogger)
            store = PostgresStore(client: client, logger: databaseLogger)
            services.append(client)
            guard let keyFile = configuration.keyFile else {
                throw .key("a PostgreSQL database needs --key-file, the same file for every instance")
            }
            keyPath = keyFile
        }
        return (store, services, keyPath, probe)
    }

    /// Runs the application until SIGTERM or SIGINT, then lets the requests in flight finish
    /// for ``ServerConfiguration/shutdownGrace`` at most before it closes every connection.
    /// - Throws: ``ServerSetupError`` as ``makeApplication(_:logger:)`` does, or the error the
    ///   server stopped with (a port in use).
    public static func run(_ configuration: ServerConfiguration, logger: Logger) async throws {
        let app = try makeApplication(configuration, logger: logger)
        // Shut down last to first: the notice is said first, then the application stops.
        let notice = ShutdownNotice(grace: configuration.shutdownGrace, logger: logger)
        var group = ServiceGroupConfiguration(
            services: [.init(service: app), .init(service: notice, successTerminationBehavior: .ignore)],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        group.maximumGracefulShutdownDuration = configuration.shutdownGrace
        try await ServiceGroup(configuration: group).run()
        logger.notice("hourglass-server stopped")
    }

    /// What the server runs with, said once at its start: the address, the connection cap, the database (its
    /// password masked), where codes go, and whether the outbox is served.
    static func startLine(_ configuration: ServerConfiguration) -> String {
        let sender =
            configuration.sender.map { "codes to \(type(of: $0))" }
            ?? configuration.webhookURL.map { "codes to the webhook \($0)" }
            ?? "codes to the outbox \(configuration.outbox)"
        return "hourglass-server starting on \(configuration.host):\(configuration.port), at most "
            + "\(configuration.maxConnections) connections, database "
            + "\(DatabaseLocation.redacted(configuration.database)), \(sender), "
            + (configuration.dev ? "--dev: the outbox served at GET /v1/outbox" : "the outbox not served")
    }

    /// `GET /healthz`: 200 while the process serves. `GET /readyz`: 200 once the database
    /// answers within 2 s, else 503 (a load balancer sends no traffic then).
    static func addProbes(to router: Router<ServerRequestContext>, store: any VerificationStore) {
        router.get("healthz") { _, _ in Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "ok\n"))) }
        router.get("readyz") { _, _ in
            do {
                try await StoreDeadline.run(.seconds(2)) { try await store.ping() }
                return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "ready\n")))
            } catch {
                return Problems.response(.internal, status: 503, detail: "The database does not answer.")
            }
        }
    }

    /// The webhook sender `configuration` names, if any.
    static func webhook(_ configuration: ServerConfiguration) throws(ServerSetupError) -> WebhookSender? {
        guard let text = configuration.webhookURL else { return nil }
        guard let url = URL(string: text) else { throw .webhook("'\(text)' is no URL") }
        guard let file = configuration.webhookSecretFile else {
            throw .webhook("--webhook-url needs --webhook-secret-file")
        }
        guard let secret = FileManager.default.contents(atPath: file) else {
            throw .webhook("cannot read the secret file \(file)")
        }
        return try WebhookSender(url: url, secret: String(decoding: secret, as: UTF8.self))
    }

    /// Why a database call failed, for a person: PostgreSQL's own message when it sent one.
    static func reason(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            if let underlying = error.underlying { return String(describing: underlying) }
            return "\(error.code)"
        }
        return String(describing: error)
    }
}
