public import ArgumentParser
import Foundation
import Hummingbird
import Logging
import NIOCore

/// `hourglass-server`: the command line.
public struct ServerCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "hourglass-server",
        abstract: "The reference server of Hourglass's verification API (openapi/openapi.yaml).",
        discussion: """
            Codes go to the outbox, a JSON-lines file, or with --webhook-url to a webhook that sends
            the SMS or e-mail. SIGTERM or SIGINT lets the requests in flight finish (for
            --shutdown-grace at most, then closes every connection), then exits 0.
            GET /healthz answers while the process serves; GET /readyz once the database answers.
            Every option may come from the environment: HOURGLASS_ and its name in capitals
            (HOURGLASS_DATABASE, HOURGLASS_DEV=1); the command line wins.

            Exit codes: 0 stopped by a signal; 64 an invalid option; 69 the database cannot be
            opened, reached or prepared; 70 the host and port, or the metrics', cannot be bound
            (in use); 73 the outbox cannot be written; 74 the key file cannot be read or made;
            78 the webhook's URL or secret, or a message template, cannot be used; 1 anything else.
            """)

    @Option(help: "The address to listen on.") var host = Self.server.host
    @Option(help: "The port to listen on (0: any free one).") var port = Self.server.port
    @Option(
        help: "A SQLite file (a path, or sqlite:PATH) or postgres://user:password@host:port/database[?sslmode=…].")
    var database = Self.server.database
    @Option(help: "The outbox: a JSON-lines file, one sent code per line.") var outbox = Self.server.outbox
    @Flag(help: "Serve the outbox at GET /v1/outbox (development and tests only).") var dev = false
    @Option(
        help:
            "The HMAC key's file (32 bytes or more). Default beside a SQLite database: DATABASE.key, made when missing."
    )
    var keyFile: String?
    @Flag(help: "Take the client address from X-Forwarded-For (behind a trusted proxy only).")
    var trustForwardedFor = false
    @Option(help: "Deliver codes to this webhook (Standard Webhooks, signed), not to the outbox.")
    var webhookURL: String?
    @Option(help: "The webhook's secret's file (whsec_ and base64, as Standard Webhooks writes it).")
    var webhookSecretFile: String?
    @Option(help: "End every SMS with the origin-bound line @DOMAIN #CODE (iOS and WebOTP fill the code in).")
    var otpOrigin: String?
    @Option(help: "Put this Android app's SMS Retriever hash (11 characters) in every SMS.")
    var androidAppHash: String?
    @Option(help: "A folder of your own message texts, LANGUAGE.txt each (the server's README says how).")
    var messageTemplates: String?
    @Option(help: "Seconds between two codes for one destination.") var cooldown = Self.seconds(Self.defaults.cooldown)
    @Option(help: "Seconds a code lives.") var codeLifetime = Self.seconds(Self.defaults.codeLifetime)
    @Option(help: "Digits in a code (4 to 10).") var codeLength = Self.defaults.codeLength
    @Option(help: "Codes per destination per send window.") var sendLimit = Self.defaults.sendLimit
    @Option(help: "The send window, in seconds.") var sendWindow = Self.seconds(Self.defaults.sendWindow)
    @Option(help: "Codes per client address per send window.") var addressSendLimit = Self.defaults.addressSendLimit
    @Option(
        help: "Failures per client address per send window: checks (wrong, expired, no code), refused account attempts."
    )
    var addressFailureLimit = Self.defaults.addressFailureLimit
    @Option(help: "Wrong checks a code allows before its destination is locked.")
    var attempts = Self.defaults.attempts
    @Option(help: "Seconds a destination stays locked.") var lockDuration = Self.seconds(Self.defaults.lockDuration)
    @Option(help: "Seconds a proof lives.") var proofLifetime = Self.seconds(Self.defaults.proofLifetime)
    @Option(help: "Regions whose phone numbers get codes, comma-separated (MX,US; 001: no region). Default: all.")
    var allowedRegions: String?
    @Option(help: "Regions whose phone numbers never get codes, comma-separated.") var deniedRegions: String?
    @Option(help: "Types of phone number that never get codes, comma-separated, or none.")
    var refusedNumberTypes = DestinationRules.defaultRefusedTypeNames
    @Option(
        help:
            "Codes sent per budget window on each channel (texts, e-mails), every destination together (default: no budget)."
    )
    var sendBudget: Int?
    @Option(help: "Codes sent per budget window to one country calling code (default: no budget).")
    var callingCodeBudget: Int?
    @Option(
        help:
            "Calls made per budget window, every destination together; a call spends the send budget too (default: no budget)."
    )
    var voiceBudget: Int?
    @Option(help: "The budgets' window, in seconds.") var budgetWindow = Self.seconds(Self.defaults.budgetWindow)
    @Option(help: "The percent of a send budget one network (/24, /64) or one number prefix may spend (100: no share).")
    var budgetShare = Self.defaults.budgetShare
    @Option(help: "Seconds a database call may take before the request answers 500.")
    var databaseTimeout = Self.server.databaseTimeout.wholeSeconds
    @Option(help: "The most client connections open at once; more wait until one closes.")
    var maxConnections = Self.server.maxConnections
    @Option(
        help:
            "The most client connections open at once from one address (IPv4, IPv6 /64); over it the address's longest-idle one is closed, or the new one. Not applied behind a trusted proxy (X-Forwarded-For)."
    )
    var maxConnectionsPerAddress = Self.server.maxConnectionsPerAddress
    @Option(help: "Seconds a request may take to arrive whole, head and body; past them the connection closes.")
    var requestDeadline = Self.server.requestDeadline.wholeSeconds
    @Option(help: "Seconds an answer may wait for its client to read it; past them the connection closes.")
    var writeDeadline = Self.server.writeDeadline.wholeSeconds
    @Option(help: "Seconds SIGTERM or SIGINT lets the requests in flight finish.")
    var shutdownGrace = Self.server.shutdownGrace.wholeSeconds
    @Option(help: "Serve Prometheus metrics at GET /metrics on this port (off when not given).")
    var metricsPort: Int?
    @Option(help: "The address the metrics listen on.") var metricsHost = Self.server.metricsHost
    @Option(help: "The most connections to PostgreSQL this instance opens.")
    var databaseConnections = Self.server.databaseConnections
    @Option(help: "trace, debug, info, notice, warning, error or critical.") var logLevel = "info"
    @Option(help: "text, or json: one JSON object a line, for a log collector.") var logFormat = "text"

    /// The defaults, written once: the server's (``ServerConfiguration``) and the rules'
    /// (`VerificationDefaults`, through ``VerificationRules``).
    private static let server = ServerConfiguration()
    private static var defaults: VerificationRules { server.rules }

    /// A default time as the command line says it: whole seconds.
    private static func seconds(_ duration: Duration) -> Int { duration.wholeSeconds }

    public init() {}

    /// Parses the process's arguments and runs; exits with the documented code on an error.
    public static func start() async {
        do {
            var command = try parseAsRoot(
                try EnvironmentOptions.arguments(
                    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
            guard let server = command as? ServerCommand else { return try command.run() }
            try await server.run()
        } catch let setup as ServerSetupError {
            FileHandle.standardError.write(Data("hourglass-server: \(setup)\n".utf8))
            Foundation.exit(setup.exitCode)
        } catch {
            exit(withError: error)
        }
    }

    public func run() async throws {
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw ValidationError("unknown log level \(logLevel)")
        }
        switch logFormat {
        case "text": LoggingSystem.bootstrap { TextLogHandler(label: $0) }
        case "json": LoggingSystem.bootstrap { JSONLogHandler(label: $0) }
        default: throw ValidationError("--log-format must be text or json, not \(logFormat)")
        }
        var logger = Logger(label: "hourglass-server")
        logger.logLevel = level
        var configuration = ServerConfiguration()
        (configuration.host, configuration.port, configuration.database) = (host, port, database)
        (configuration.outbox, configuration.dev, configuration.keyFile) = (outbox, dev, keyFile)
        configuration.trustForwardedFor = trustForwardedFor
        (configuration.webhookURL, configuration.webhookSecretFile) = (webhookURL, webhookSecretFile)
        configuration.autofill = CodeAutofill(origin: otpOrigin, androidAppHash: androidAppHash)
        configuration.messageTemplates = messageTemplates
        configuration.rules.cooldown = .seconds(cooldown)
        configuration.rules.codeLifetime = .seconds(codeLifetime)
        configuration.rules.codeLength = codeLength
        configuration.rules.sendLimit = sendLimit
        configuration.rules.sendWindow = .seconds(sendWindow)
        configuration.rules.addressSendLimit = addressSendLimit
        configuration.rules.addressFailureLimit = addressFailureLimit
        configuration.rules.attempts = attempts
        configuration.rules.lockDuration = .seconds(lockDuration)
        configuration.rules.proofLifetime = .seconds(proofLifetime)
        (configuration.rules.sendBudget, configuration.rules.callingCodeBudget) = (sendBudget, callingCodeBudget)
        configuration.rules.voiceBudget = voiceBudget
        configuration.rules.budgetWindow = .seconds(budgetWindow)
        configuration.rules.budgetShare = budgetShare
        configuration.destinationRules = try DestinationRules.parse(
            allowed: allowedRegions, denied: deniedRegions, refusedTypes: refusedNumberTypes)
        configuration.databaseTimeout = .seconds(databaseTimeout)
        (configuration.maxConnections, configuration.shutdownGrace) = (maxConnections, .seconds(shutdownGrace))
        configuration.maxConnectionsPerAddress = maxConnectionsPerAddress
        (configuration.requestDeadline, configuration.writeDeadline) = (
            .seconds(requestDeadline), .seconds(writeDeadline)
        )
        (configuration.metricsPort, configuration.metricsHost) = (metricsPort, metricsHost)
        configuration.databaseConnections = databaseConnections
        // Checked where VerificationServer.run checks it too: one set of ranges for both.
        do {
            try await VerificationServer.run(configuration, logger: logger)
        } catch {
            let failure = Self.setupError(error, host: host, port: port)
            FileHandle.standardError.write(Data("hourglass-server: \(failure)\n".utf8))
            throw ExitCode(failure.exitCode)
        }
    }

    /// The setup error `error` is, or is caused by: a bind that failed is an address error.
    static func setupError(_ error: any Error, host: String, port: Int) -> ServerSetupError {
        if let setup = error as? ServerSetupError { return setup }
        if let io = error as? IOError, [EADDRINUSE, EADDRNOTAVAIL, EACCES].contains(io.errnoCode) {
            return .address("cannot listen on \(host):\(port): \(io.description)")
        }
        return .internalFailure(String(describing: error))
    }
}
