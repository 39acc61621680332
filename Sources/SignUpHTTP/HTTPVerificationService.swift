public import Foundation
import HTTPTypes
public import Logging
public import OpenAPIRuntime
import OpenAPIURLSession
public import SignUp

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `VerificationService` on a server that speaks Hourglass's verification API
/// (`openapi/openapi.yaml` in the repository; the reference server in `Server/` is one).
///
/// Every answer of the contract becomes the model's typed error: a `429` is
/// `CodeRequestError.rateLimited` or `.sendLimitReached` with its `Retry-After` (whole seconds
/// or an HTTP date), a wrong code carries its attempts left, a lock its wait. Anything else — no
/// answer, a timeout, a `500`, a body outside the contract — throws an ``HTTPServiceError``,
/// which the model shows as a network error and hands, whole, to its `onServiceFailure` hook.
///
/// - A request that gets no answer within ``timeout`` fails with ``HTTPServiceError/Kind/timedOut(after:)``.
/// - Cancelling the task of a call cancels its request: a model does so when a newer call
///   supersedes it or when it goes away.
/// - Nothing is retried on its own: a send that got no answer may have sent a code, and a
///   second one would supersede it.
///
/// ```swift
/// let service = HTTPVerificationService(serverURL: URL(string: "https://api.example.com")!)
/// let model = VerificationViewModel(clock: clock, service: service, store: store)
/// ```
public struct HTTPVerificationService: VerificationService {
    /// The server's base URL: the API's paths (`/v1/codes`, …) are appended to it.
    public let serverURL: URL
    /// The longest a request may wait for its answer.
    public let timeout: Duration
    private let client: Client
    private let logger: Logger?
    private let wallClock: any WallClock

    /// A service on the server at `serverURL`.
    /// - Parameters:
    ///   - serverURL: the server's base URL (`https://api.example.com`).
    ///   - timeout: the longest a request may wait for its answer; 15 seconds by default.
    ///   - transport: how requests travel: by default `URLSessionTransport` on a session of
    ///     its own whose request timeout is `timeout`; pass another (an `AsyncHTTPClient`
    ///     transport, one with a proxy or pinned certificates) to choose.
    ///   - logger: told every failed call at `notice` (a refusal the user can act on, like a
    ///     wrong code, at `debug`), with the destination masked and no secret.
    ///   - wallClock: the time a `Retry-After` date is measured from.
    ///   - language: the language of the message that carries a code, sent as
    ///     `Accept-Language` (the reference server writes it in each built-in language); by
    ///     default the one `SignUpLanguage.preferred()` picks from the system's. Pass the
    ///     screens' (`config.language`) so that the message speaks as the app does.
    public init(
        serverURL: URL, timeout: Duration = .seconds(15), transport: (any ClientTransport)? = nil,
        logger: Logger? = nil, wallClock: any WallClock = SystemWallClock(),
        language: SignUpLanguage = .preferred()
    ) {
        self.serverURL = serverURL
        self.timeout = timeout
        self.logger = logger
        self.wallClock = wallClock
        client = Client(
            serverURL: serverURL, transport: transport ?? Self.defaultTransport(timeout: timeout),
            middlewares: [TimeoutMiddleware(timeout: timeout), AcceptLanguageMiddleware(tag: language.identifier)])
    }

    private static func defaultTransport(timeout: Duration) -> URLSessionTransport {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = Double(timeout.components.seconds) + 1
        return URLSessionTransport(configuration: .init(session: URLSession(configuration: configuration)))
    }

    public func requestCode(to destination: Destination) async throws -> CodeReceipt {
        try await requestCode(to: destination, asking: nil)
    }

    /// Sends a code by `channel`; the server refuses a channel that cannot reach the
    /// destination (`422` `destination-refused`, reason `channel`) as
    /// `CodeRequestError.channelRefused(_:)`.
    public func requestCode(to destination: Destination, by channel: CodeChannel) async throws -> CodeReceipt {
        try await requestCode(to: destination, asking: channel)
    }

    private func requestCode(to destination: Destination, asking channel: CodeChannel?) async throws -> CodeReceipt {
        let asked = channel.flatMap { Components.Schemas.Channel(rawValue: $0.rawValue) }
        let output = try await call(.sendCode, destination) {
            try await client.sendCode(body: .json(.init(destination: destination.normalized, channel: asked)))
        }
        return try answer(.sendCode, destination) { () throws(AnswerError) -> CodeReceipt in
            switch output {
            case .ok(let ok):
                let sent = try body { try ok.body.json }
                return CodeReceipt(
                    resendAfter: .seconds(max(sent.resendAfter, 0)), codeLifetime: .seconds(max(sent.codeLifetime, 1)),
                    codeLength: sent.codeLength, channel: sent.channel.flatMap { CodeChannel(rawValue: $0.rawValue) })
            case .unprocessableContent(let refusal):
                // A channel that cannot reach the destination leaves the others: a text where
                // a call was refused. Any other refusal is the destination's.
                if (try? refusal.body.applicationProblemJson)?.reason == .channel {
                    throw .typed(CodeRequestError.channelRefused(channel ?? CodeChannel.default(for: destination)))
                }
                throw .typed(CodeRequestError.invalidDestination)
            case .tooManyRequests(let refusal):
                let problem = try body { try refusal.body.applicationProblemJson }
                // The calls' budget spent on a "Call me": a text still goes, so the wait is the
                // call's alone, not the number's.
                if problem.reason == .voiceBudget, channel == .voice, CodeChannel.default(for: destination) == .sms {
                    throw .typed(CodeRequestError.channelRefused(.voice))
                }
                let wait = wait(refusal.headers.retryAfter, problem)
                throw .typed(
                    problem.reason == .sendLimit
                        ? CodeRequestError.sendLimitReached(retryAfter: wait) : .rateLimited(retryAfter: wait))
            case .badRequest(let answer):
                throw .unexpected(400, try? answer.body.applicationProblemJson)
            case .contentTooLarge(let answer):
                throw .unexpected(413, try? answer.body.applicationProblemJson)
            case .requestHeaderFieldsTooLarge(let answer):
                throw .unexpected(431, try? answer.body.applicationProblemJson)
            case .internalServerError(let answer):
                throw .unexpected(500, try? answer.body.applicationProblemJson)
            case .serviceUnavailable(let answer):
                // The server, or a proxy in front of it, cannot take the request now.
                throw .unexpected(503, try? answer.body.applicationProblemJson)
            case .undocumented(let status, _):
                throw .unexpected(status, nil)
            }
        }
    }

    public func verify(code: Secret, for destination: Destination) async throws -> VerificationProof {
        let output = try await call(.checkCode, destination) {
            try await client.checkCode(body: .json(.init(destination: destination.normalized, code: code.revealed)))
        }
        return try answer(.checkCode, destination) { () throws(AnswerError) -> VerificationProof in
            switch output {
            case .ok(let ok):
                return VerificationProof(token: Secret(try body { try ok.body.json }.proof))
            case .gone(let answer):
                let problem = try body { try answer.body.applicationProblemJson }
                throw .typed(problem._type == .superseded ? CodeCheckError.superseded : .expired)
            case .unprocessableContent(let answer):
                let problem = try body { try answer.body.applicationProblemJson }
                guard problem._type == .wrongCode, let left = problem.attemptsLeft else {
                    throw .unexpected(422, problem)
                }
                throw .typed(CodeCheckError.wrongCode(attemptsLeft: max(left, 0)))
            case .tooManyRequests(let refusal):
                let problem = try body { try refusal.body.applicationProblemJson }
                let wait = wait(refusal.headers.retryAfter, problem)
                // Only a lock kills the code; a client address's limit only asks to wait.
                throw .typed(
                    problem.reason == .locked
                        ? CodeCheckError.locked(retryAfter: wait) : .rateLimited(retryAfter: wait))
            case .badRequest(let answer):
                throw .unexpected(400, try? answer.body.applicationProblemJson)
            case .contentTooLarge(let answer):
                throw .unexpected(413, try? answer.body.applicationProblemJson)
            case .requestHeaderFieldsTooLarge(let answer):
                throw .unexpected(431, try? answer.body.applicationProblemJson)
            case .internalServerError(let answer):
                throw .unexpected(500, try? answer.body.applicationProblemJson)
            case .serviceUnavailable(let answer):
                // The server, or a proxy in front of it, cannot take the request now.
                throw .unexpected(503, try? answer.body.applicationProblemJson)
            case .undocumented(let status, _):
                throw .unexpected(status, nil)
            }
        }
    }

    public func register(_ request: RegistrationRequest) async throws {
        let destination = request.account
        let output = try await call(.createAccount, destination) {
            try await client.createAccount(
                body: .json(
                    .init(
                        destination: destination.normalized, password: request.password.revealed,
                        proof: request.proof.token.revealed)))
        }
        try answer(.createAccount, destination) { () throws(AnswerError) in
            switch output {
            case .created:
                return
            case .conflict:
                throw .typed(RegistrationError.accountExists)
            case .forbidden(let answer):
                _ = try body { try answer.body.applicationProblemJson }
                throw .typed(RegistrationError.proofRejected)
            case .unprocessableContent(let answer):
                let problem = try body { try answer.body.applicationProblemJson }
                // A destination the server cannot read has no proof: the code step again.
                throw .typed(
                    problem._type == .weakPassword
                        ? RegistrationError.weakPassword(PasswordReasons.problems(of: problem))
                        : .proofRejected)
            case .badRequest(let answer):
                throw .unexpected(400, try? answer.body.applicationProblemJson)
            case .contentTooLarge(let answer):
                throw .unexpected(413, try? answer.body.applicationProblemJson)
            case .requestHeaderFieldsTooLarge(let answer):
                throw .unexpected(431, try? answer.body.applicationProblemJson)
            case .internalServerError(let answer):
                throw .unexpected(500, try? answer.body.applicationProblemJson)
            case .tooManyRequests(let answer):
                // The address's refused attempts are over their limit, or the server is
                // hashing all it can: nothing was done, and the person may try again later.
                _ = try body { try answer.body.applicationProblemJson }
                throw .typed(RegistrationError.serviceUnavailable)
            case .serviceUnavailable(let answer):
                _ = try body { try answer.body.applicationProblemJson }
                throw .typed(RegistrationError.serviceUnavailable)
            case .undocumented(let status, _):
                throw .unexpected(status, nil)
            }
        }
    }
}

extension HTTPVerificationService {
    /// Why an answer is not a success: a typed error of the contract, or an answer outside it.
    enum AnswerError: Error {
        case typed(any Error)
        case unexpected(Int?, Components.Schemas.Problem?)
        case unreadable(any Error)
    }

    /// Makes a request; an error of the transport (no answer, a timeout) becomes an
    /// ``HTTPServiceError``, and is logged.
    private func call<Output>(
        _ operation: HTTPServiceError.Operation, _ destination: Destination,
        _ request: () async throws -> Output
    ) async throws -> Output {
        do {
            return try await request()
        } catch {
            // The generated client's ClientError holds the request's input (the code, the
            // password): only its cause is kept.
            let clientError = error as? ClientError
            let cause = clientError?.underlyingError ?? error
            // An answer came but could not be read (a proxy's page, a missing header): it is
            // an unexpected answer with its status, not a lost one.
            let kind: HTTPServiceError.Kind =
                if cause is TimeoutMiddleware.TimedOut {
                    .timedOut(after: timeout)
                } else if let status = clientError?.response?.status.code {
                    .unexpectedAnswer(status: status, problemType: nil)
                } else {
                    .transport
                }
            let failure = HTTPServiceError(
                operation: operation, kind: kind, maskedDestination: destination.masked,
                underlying: cause is TimeoutMiddleware.TimedOut ? nil : cause)
            if !Task.isCancelled { logger?.notice("\(failure)") }
            throw failure
        }
    }

    /// Reads an answer; what it throws is the model's typed error or an ``HTTPServiceError``.
    private func answer<Success>(
        _ operation: HTTPServiceError.Operation, _ destination: Destination,
        _ read: () throws(AnswerError) -> Success
    ) throws -> Success {
        do {
            return try read()
        } catch {
            switch error {
            case .typed(let typed):
                logger?.debug("\(operation.rawValue) for \(destination.masked) refused: \(typed)")
                throw typed
            case .unexpected(let status, let problem):
                let failure = HTTPServiceError(
                    operation: operation, kind: .unexpectedAnswer(status: status, problemType: problem?._type.rawValue),
                    maskedDestination: destination.masked)
                logger?.notice("\(failure)")
                throw failure
            case .unreadable(let cause):
                let failure = HTTPServiceError(
                    operation: operation, kind: .unexpectedAnswer(status: nil, problemType: nil),
                    maskedDestination: destination.masked, underlying: cause)
                logger?.notice("\(failure)")
                throw failure
            }
        }
    }

    /// A body the contract promises; its absence is an answer outside the contract.
    private func body<Value>(_ read: () throws -> Value) throws(AnswerError) -> Value {
        do { return try read() } catch { throw .unreadable(error) }
    }

    /// The wait of a `429`: its `Retry-After` header, else the body's `retryAfter`, else a
    /// second.
    private func wait(_ header: String, _ problem: Components.Schemas.Problem) -> Duration {
        RetryAfter.wait(header, now: wallClock.now) ?? problem.retryAfter.map(RetryAfter.wait(seconds:)) ?? .seconds(1)
    }
}
