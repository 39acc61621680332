import Foundation
import Hourglass
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle
import SignUp
import SignUpHTTP
import Testing

@testable import HourglassServer

/// One sign-up through a ``FaultProxy``: a `RegistrationViewModel` (and its
/// `VerificationViewModel`) on a real clock, `HTTPVerificationService` on the proxy, the real
/// server behind it on a socket, stopped and started again at will on the same database, key
/// and outbox. Each step acts as the user does, then waits — at most 60 s — for the screen to
/// settle (busy, then not), and returns the screen as its change showed it: countdowns read at
/// that instant, so every value is exact.
final class FaultFlow: Sendable {
    let harness: ServerHarness
    let proxy: FaultProxy
    let model: RegistrationViewModel
    /// The number signed up.
    let phone = ServerHarness.newPhone()
    private let screens: Locked<[RegistrationScreen]>
    private let failures: Locked<[String]>
    private let server = Locked<LiveServer?>(nil)

    /// Arms the short timeout for the next call.
    private let armed = Locked(false)

    /// A flow on a server with `rules` (see ``ServerHarness``: its clock is manual, so the
    /// server's waits are exact), started. The service gives up after 40 s, or after
    /// `heldTimeout` on a call whose answer the proxy holds (``hold(_:)``).
    init(
        _ database: TestDatabase, heldTimeout: Duration = .seconds(1),
        rules: (inout VerificationRules) -> Void = { _ in }
    ) async throws {
        var harness = try ServerHarness(database, rules: rules)
        // Ample: on a machine starved of CPU a PostgreSQL call may take seconds, and its 500 is
        // not what these scenarios are about.
        harness.configuration.databaseTimeout = .seconds(30)
        self.harness = harness
        proxy = try FaultProxy(forwardedFor: harness.address)
        let (screens, failures) = (Locked<[RegistrationScreen]>([]), Locked<[String]>([]))
        (self.screens, self.failures) = (screens, failures)
        let url = URL(string: "http://127.0.0.1:\(proxy.port)")!
        let service = ArmedTimeoutService(
            short: HTTPVerificationService(serverURL: url, timeout: heldTimeout),
            long: HTTPVerificationService(serverURL: url, timeout: .seconds(40)), armed: armed)
        model = RegistrationViewModel(
            clock: AdaptedClock(ContinuousClock(), queue: DispatchQueue(label: "FaultFlow")), service: service,
            onChange: { screen in screens.withLock { $0.append(screen) } },
            onServiceFailure: { failure in failures.withLock { $0.append(Self.describe(failure)) } })
        try await startServer()
    }

    /// Makes the proxy hold the next answer for `delay`, and the next call give up after the
    /// short timeout.
    func hold(_ delay: Duration) {
        proxy.inject(.delayAnswer(delay))
        armed.withLock { $0 = true }
    }

    /// What went over the wire and what failed, for a failing expectation's message.
    var log: Comment { "exchanges: \(proxy.exchanges); failures: \(serviceFailures)" }

    /// Starts the server (again) and points the proxy at it.
    func startServer() async throws {
        let started = try await LiveServer.start(harness)
        server.withLock { $0 = started }
        proxy.forward(to: started.port)
    }

    /// Stops the server; the proxy closes the connections it gets meanwhile.
    func stopServer() async throws {
        proxy.forward(to: nil)
        try await server.withLock { server in
            defer { server = nil }
            return server
        }?.stop()
    }

    /// Stops the server and the proxy.
    func finish() async throws {
        try await stopServer()
        await proxy.stop()
    }

    /// The service's failures, as `call: kind` (`requestCode: transport`).
    var serviceFailures: [String] { failures.withLock { $0 } }

    /// The codes the outbox holds for ``phone``, oldest first.
    func codes() throws -> [String] { try harness.codes(to: phone) }

    /// Types ``phone`` and taps Send.
    func send() async throws -> RegistrationScreen {
        try await settle {
            model.verification.setDestination(phone)
            model.verification.tapSend()
        }
    }

    /// Taps Send (Retry, Resend) again.
    func sendAgain() async throws -> RegistrationScreen { try await settle { model.verification.tapSend() } }

    /// Types `code`, which is checked once complete.
    func enter(_ code: String) async throws -> RegistrationScreen {
        try await settle { model.verification.setCode(code) }
    }

    /// Taps Verify.
    func verifyAgain() async throws -> RegistrationScreen { try await settle { model.verification.tapVerify() } }

    /// Types `password` twice, ticks the terms and taps Create account.
    func register(password: String) async throws -> RegistrationScreen {
        try await settle {
            model.setPassword(password)
            model.setConfirmation(password)
            model.toggleTerms()
            model.tapSubmit()
        }
    }

    /// Taps Create account again.
    func submitAgain() async throws -> RegistrationScreen { try await settle { model.tapSubmit() } }

    /// The proof the model holds, once verified.
    var proof: VerificationProof? {
        guard case .verified(let proof) = model.verification.state.check else { return nil }
        return proof
    }

    /// Whether the password of ``phone``'s account is `password`, if that account was made with
    /// `proof` (by default the one the model holds: verified on screen); nil if it was not.
    func accountPassword(matches password: String, proof: VerificationProof? = nil) async throws -> Bool? {
        guard let proof = proof ?? self.proof else { return nil }
        let key = try ServerKey.load(
            from: harness.configuration.keyFile ?? harness.configuration.database + ".key", createIfMissing: false)
        let hash = CodeHasher(key: key).hash(proof: proof.token.revealed)
        let now = harness.configuration.clock.now.millisecondsSince1970
        let latest = now + harness.configuration.rules.proofLifetime.milliseconds + 1_000
        guard let made = try await harness.store().accountMade(with: hash, forKey: phone, now: now, latest: latest)
        else { return nil }
        return try PasswordHashing.password(Secret(password), matches: made.passwordHash)
    }

    /// Runs `action`, then waits for the screen to be busy (a call in flight) and then not.
    private func settle(_ action: () -> Void) async throws -> RegistrationScreen {
        let mark = screens.withLock { $0.count }
        action()
        let (busy, _) = try await wait("a call to start", from: mark, Self.isBusy)
        return try await wait("the call to end", from: busy) { !Self.isBusy($0) }.screen
    }

    /// The first screen from index `mark` on that satisfies `condition`, and its index; waited
    /// for at most 60 s.
    private func wait(
        _ what: String, from mark: Int, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: (RegistrationScreen) -> Bool
    ) async throws -> (index: Int, screen: RegistrationScreen) {
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            let found = screens.withLock { screens in
                screens.indices.dropFirst(mark).first { condition(screens[$0]) }.map { ($0, screens[$0]) }
            }
            if let found { return found }
            guard ContinuousClock.now < deadline else { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        let last = screens.withLock { $0.last?.lines ?? [] }
        Issue.record(
            "no \(what) within 60 s; last screen: \(last); \(log)",
            sourceLocation: sourceLocation)
        throw CancellationError()
    }

    private static func isBusy(_ screen: RegistrationScreen) -> Bool {
        screen.account.sendButton.title == "Sending…" || screen.account.verifyButton.title == "Verifying…"
            || screen.submitButton.title == "Creating account…"
    }

    private static func describe(_ failure: ServiceFailure) -> String {
        guard let error = failure.error as? HTTPServiceError else { return "\(failure.call): \(failure.error)" }
        return "\(failure.call): \(error.kind)"
    }
}

/// The model's service: `HTTPVerificationService` on the proxy twice, one that gives up after
/// the short timeout, for the one call it is armed for (a call whose answer the proxy holds),
/// and one that waits 40 s for every other, so that a busy machine never turns an ordinary
/// step into a timeout.
private struct ArmedTimeoutService: VerificationService {
    let short: HTTPVerificationService
    let long: HTTPVerificationService
    let armed: Locked<Bool>

    private func next() -> HTTPVerificationService {
        let isArmed = armed.withLock { armed in
            defer { armed = false }
            return armed
        }
        return isArmed ? short : long
    }

    func requestCode(to destination: Destination) async throws -> CodeReceipt {
        try await next().requestCode(to: destination)
    }

    func verify(code: Secret, for destination: Destination) async throws -> VerificationProof {
        try await next().verify(code: code, for: destination)
    }

    func register(_ request: RegistrationRequest) async throws { try await next().register(request) }
}

/// The real server on 127.0.0.1, on a port of its own choosing, run by a service group of its
/// own: stopped gracefully, as a SIGTERM does.
struct LiveServer: Sendable {
    let port: Int
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    static func start(_ harness: ServerHarness) async throws -> LiveServer {
        var logger = Logger(label: "fault-flow")
        logger.logLevel = ProcessInfo.processInfo.environment["HOURGLASS_TEST_LOG"] != nil ? .debug : .critical
        let reported = Locked<Int?>(nil)
        let app = PortReporting(
            base: try VerificationServer.makeApplication(harness.configuration, logger: logger), reported: reported)
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        // How the group ended, once it has: a server that stopped while starting says why.
        let ended = Locked<Result<Void, any Error>?>(nil)
        let task = Task {
            do {
                try await group.run()
                ended.withLock { $0 = .success(()) }
            } catch {
                ended.withLock { $0 = .failure(error) }
                throw error
            }
        }
        let deadline = ContinuousClock.now + .seconds(15)
        while ContinuousClock.now < deadline {
            if let port = reported.withLock({ $0 }) { return LiveServer(port: port, group: group, task: task) }
            if case .failure(let error) = ended.withLock({ $0 }) { throw error }
            try await Task.sleep(for: .milliseconds(5))
        }
        task.cancel()
        throw ServerSetupError.database("the server did not start within 15 s")
    }

    /// Stops the server gracefully, and waits for it.
    func stop() async throws {
        await group.triggerGracefulShutdown()
        try await task.value
    }
}

/// An application that reports the port it listens on, as HummingbirdTesting's own wrapper does.
private struct PortReporting<Base: ApplicationProtocol>: ApplicationProtocol {
    typealias Responder = Base.Responder

    let base: Base
    let reported: Locked<Int?>

    var responder: Responder { get async throws { try await base.responder } }
    var server: HTTPServerBuilder { base.server }
    var eventLoopGroup: any EventLoopGroup { base.eventLoopGroup }
    var configuration: ApplicationConfiguration { base.configuration }
    var logger: Logger { base.logger }
    var services: [any Service] { base.services }
    var processesRunBeforeServerStart: [@Sendable () async throws -> Void] { base.processesRunBeforeServerStart }

    @Sendable func onServerRunning(_ channel: any Channel) async {
        await base.onServerRunning(channel)
        reported.withLock { $0 = channel.localAddress?.port }
    }
}
