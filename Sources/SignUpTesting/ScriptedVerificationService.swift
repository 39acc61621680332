import Foundation
public import Hourglass
public import SignUp

/// An in-process `ClockDrivenVerificationService` for tests, previews and linemode: it
/// answers after ``ScriptedServiceSettings/latency`` of clock time, on the clock's context, and
/// can be told to fail.
///
/// It behaves like a careful server: each new code replaces the previous one (which then
/// answers `CodeCheckError.superseded`), codes expire after ``ScriptedServiceSettings/codeLifetime``, a
/// destination is locked for ``ScriptedServiceSettings/lockDuration`` after
/// ``ScriptedServiceSettings/maxAttempts`` wrong codes, and the answer to a code
/// request is the same whether or not an account exists.
public final class ScriptedVerificationService: ClockDrivenVerificationService, @unchecked Sendable {
    // @unchecked Sendable: every var is only read and written under `lock`; completions
    // are called from clock callbacks, after unlocking.
    private let lock = NSLock()
    private let clock: any TimerClock
    private var settings: ScriptedServiceSettings
    private var requestFailures: [CodeRequestError] = []
    private var checkFailures: [CodeCheckError] = []
    private var registrationFailures: [RegistrationError] = []
    private var nextCodes: [String] = []
    private var issued = 0
    private var codes: [Destination: IssuedCode] = [:]
    private var lockedUntil: [Destination: TimerInstant] = [:]
    private var accounts: Set<Destination> = []
    private var proofs: [String: Destination] = [:]

    /// A service on `clock` with `settings`.
    public init(clock: any TimerClock, settings: ScriptedServiceSettings = ScriptedServiceSettings()) {
        self.clock = clock
        self.settings = settings
    }

    /// Changes the settings from the next request on.
    public func update(_ change: (inout ScriptedServiceSettings) -> Void) {
        lock.withLock { change(&settings) }
    }

    /// The next code request fails with `error`.
    public func failNextRequest(with error: CodeRequestError) { lock.withLock { requestFailures.append(error) } }
    /// The next code check fails with `error`, whatever the code.
    public func failNextCheck(with error: CodeCheckError) { lock.withLock { checkFailures.append(error) } }
    /// The next registration fails with `error`.
    public func failNextRegistration(with error: RegistrationError) {
        lock.withLock { registrationFailures.append(error) }
    }
    /// The next code sent is `code` instead of a generated one.
    public func sendNextCode(_ code: String) { lock.withLock { nextCodes.append(code) } }
    /// An account that exists already.
    public func addExistingAccount(_ account: Destination) { _ = lock.withLock { accounts.insert(account) } }

    /// The code last sent to `destination`: what the person would read in the message.
    public func lastCode(sentTo destination: Destination) -> Secret? {
        lock.withLock { codes[destination].map { Secret($0.code) } }
    }

    /// Sends a code (the next scripted one, or a generated one), unless told to fail.
    public func requestCode(
        to destination: Destination,
        reply completion: @escaping @Sendable (Result<CodeReceipt, CodeRequestError>) -> Void
    ) {
        let (latency, result) = lock.withLock { () -> (Duration, Result<CodeReceipt, CodeRequestError>) in
            if !requestFailures.isEmpty { return (settings.latency, .failure(requestFailures.removeFirst())) }
            issued += 1
            let code =
                nextCodes.isEmpty ? Self.generatedCode(issued, length: settings.codeLength) : nextCodes.removeFirst()
            let sentAt = clock.logicalNow + settings.latency
            codes[destination] = IssuedCode(
                code: code, expires: sentAt + settings.codeLifetime,
                previous: (codes[destination].map { [$0.code] + $0.previous }) ?? [], wrongAttempts: 0)
            return (
                settings.latency,
                .success(CodeReceipt(resendAfter: settings.resendAfter, codeLifetime: settings.codeLifetime))
            )
        }
        answer(after: latency) { completion(result) }
    }

    /// Checks `code` against the last one sent to `destination`, counting wrong attempts.
    public func verify(
        code: Secret, for destination: Destination,
        reply completion: @escaping @Sendable (Result<VerificationProof, CodeCheckError>) -> Void
    ) {
        let latency = lock.withLock { settings.latency }
        // Weak: a reply pending on the clock must not keep the service (and so its clock) alive.
        answer(after: latency) { [weak self] in
            guard let self else { return }
            completion(lock.withLock { self.check(code.revealed, for: destination) })
        }
    }

    /// Creates the account if `request` carries a proof for it and it does not exist yet.
    public func register(
        _ request: RegistrationRequest, reply completion: @escaping @Sendable (Result<Void, RegistrationError>) -> Void
    ) {
        let latency = lock.withLock { settings.latency }
        answer(after: latency) { [weak self] in
            guard let self else { return }
            completion(
                lock.withLock { () -> Result<Void, RegistrationError> in
                    if !registrationFailures.isEmpty { return .failure(registrationFailures.removeFirst()) }
                    guard proofs[request.proof.token.revealed] == request.account else {
                        return .failure(.server(message: "Verification required"))
                    }
                    guard accounts.insert(request.account).inserted else { return .failure(.accountExists) }
                    return .success(())
                })
        }
    }

    /// Checks a code at the clock's now. Caller holds the lock.
    private func check(_ code: String, for destination: Destination) -> Result<VerificationProof, CodeCheckError> {
        if !checkFailures.isEmpty { return .failure(checkFailures.removeFirst()) }
        let now = clock.logicalNow
        if let until = lockedUntil[destination], until > now { return .failure(.locked(retryAfter: until - now)) }
        guard var issuedCode = codes[destination] else { return .failure(.expired) }
        if code == issuedCode.code {
            guard now < issuedCode.expires else { return .failure(.expired) }
            codes[destination] = nil
            let token = "proof-\(proofs.count + 1)"
            proofs[token] = destination
            return .success(VerificationProof(token: Secret(token)))
        }
        if issuedCode.previous.contains(code) { return .failure(.superseded) }
        issuedCode.wrongAttempts += 1
        codes[destination] = issuedCode
        let left = settings.maxAttempts - issuedCode.wrongAttempts
        guard left <= 0 else { return .failure(.wrongCode(attemptsLeft: left)) }
        codes[destination] = nil
        lockedUntil[destination] = now + settings.lockDuration
        return .failure(.locked(retryAfter: settings.lockDuration))
    }

    /// Answers `latency` after the logical now, so a reply lands on the same instant on
    /// every clock, however late the request's own callback ran.
    private func answer(after latency: Duration, _ body: @escaping @Sendable () -> Void) {
        clock.enqueue(at: clock.logicalNow + max(.zero, latency)) { _ in body() }
    }

    /// Deterministic codes: the same run gives the same codes.
    static func generatedCode(_ number: Int, length: Int) -> String {
        var value = UInt64(number) &* 2_654_435_761 &+ 97_531
        var digits = ""
        for _ in 0..<max(1, length) {
            digits.append(Character(String(value % 10)))
            value /= 10
            if value == 0 { value = UInt64(number) &* 40_503 &+ 7 }
        }
        return digits
    }
}

/// A code the scripted service sent.
private struct IssuedCode {
    var code: String
    var expires: TimerInstant
    var previous: [String]
    var wrongAttempts: Int
}

/// How the scripted service answers.
public struct ScriptedServiceSettings: Hashable, Sendable {
    /// How long each answer takes, in clock time.
    public var latency: Duration = .milliseconds(300)
    /// The server's own wait before the next code (overrides the screen's cooldown), if any.
    public var resendAfter: Duration?
    /// How long a code is valid.
    public var codeLifetime: Duration = .seconds(300)
    /// How many digits the codes have.
    public var codeLength = 6
    /// Wrong codes before the lock.
    public var maxAttempts = 5
    /// How long the lock lasts.
    public var lockDuration: Duration = .seconds(900)

    /// The defaults: 300 ms latency, 5-minute codes, 5 attempts, a 15-minute lock.
    public init() {}
}
