import Foundation
public import Hourglass

/// An in-process `ClockDrivenVerificationService` for tests, previews and linemode: it
/// answers after ``ScriptedServiceSettings/latency`` of clock time, on the clock's context, and
/// can be told to fail.
///
/// It behaves like a careful server: each new code replaces the previous one (which then
/// answers `CodeCheckError.superseded`), codes expire after ``ScriptedServiceSettings/codeLifetime``, a
/// destination is locked for ``ScriptedServiceSettings/lockDuration`` after
/// ``ScriptedServiceSettings/maxAttempts`` wrong codes, and the answer to a code
/// request is the same whether or not an account exists.
public final class ScriptedVerificationService: ClockDrivenVerificationService, Sendable {
    private let clock: any TimerClock
    /// Completions are called from clock callbacks, after unlocking.
    private let state: Locked<ScriptedServiceState>

    /// A service on `clock` with `settings`.
    public init(clock: any TimerClock, settings: ScriptedServiceSettings = ScriptedServiceSettings()) {
        self.clock = clock
        state = Locked(ScriptedServiceState(settings: settings))
    }

    /// Changes the settings from the next request on.
    public func update(_ change: (inout ScriptedServiceSettings) -> Void) {
        state.withLock { change(&$0.settings) }
    }

    /// The next code request fails with `error`; for `CodeRequestError.channelRefused(_:)`, the
    /// next request by that channel.
    public func failNextRequest(with error: CodeRequestError) { state.withLock { $0.requestFailures.append(error) } }
    /// The next code check fails with `error`, whatever the code.
    public func failNextCheck(with error: CodeCheckError) { state.withLock { $0.checkFailures.append(error) } }
    /// The next registration fails with `error`.
    public func failNextRegistration(with error: RegistrationError) {
        state.withLock { $0.registrationFailures.append(error) }
    }
    /// The next code sent is `code` instead of a generated one.
    public func sendNextCode(_ code: String) { state.withLock { $0.nextCodes.append(code) } }
    /// An account that exists already.
    public func addExistingAccount(_ account: Destination) { _ = state.withLock { $0.accounts.insert(account) } }

    /// The code last sent to `destination`: what the person would read in the message.
    public func lastCode(sentTo destination: Destination) -> Secret? {
        state.withLock { $0.codes[destination].map { Secret($0.code) } }
    }

    /// Sends a code (the next scripted one, or a generated one), unless told to fail.
    public func requestCode(
        to destination: Destination,
        reply completion: @escaping @Sendable (Result<CodeReceipt, CodeRequestError>) -> Void
    ) {
        let now = clock.logicalNow
        let (latency, result) = state.withLock { state in
            (state.settings.latency, state.sendCode(to: destination, at: now))
        }
        answer(after: latency) { completion(result) }
    }

    /// Sends a code by `channel`: a call reaches any number, a text any number but a
    /// landline, an e-mail an address; another is refused as `CodeRequestError.channelRefused(_:)`.
    public func requestCode(
        to destination: Destination, by channel: CodeChannel,
        reply completion: @escaping @Sendable (Result<CodeReceipt, CodeRequestError>) -> Void
    ) {
        let now = clock.logicalNow
        let (latency, result) = state.withLock { state in
            (state.settings.latency, state.sendCode(to: destination, by: channel, at: now))
        }
        answer(after: latency) { completion(result) }
    }

    /// Checks `code` against the last one sent to `destination`, counting wrong attempts.
    public func verify(
        code: Secret, for destination: Destination,
        reply completion: @escaping @Sendable (Result<VerificationProof, CodeCheckError>) -> Void
    ) {
        let latency = state.withLock { $0.settings.latency }
        // Weak: a reply pending on the clock must not keep the service (and so its clock) alive.
        answer(after: latency) { [weak self] in
            guard let self else { return }
            let now = clock.logicalNow
            completion(state.withLock { $0.check(code.revealed, for: destination, at: now) })
        }
    }

    /// Creates the account if `request` carries a proof for it and it does not exist yet.
    public func register(
        _ request: RegistrationRequest, reply completion: @escaping @Sendable (Result<Void, RegistrationError>) -> Void
    ) {
        let latency = state.withLock { $0.settings.latency }
        answer(after: latency) { [weak self] in
            guard let self else { return }
            completion(state.withLock { $0.register(request) })
        }
    }

    /// Answers `latency` after the logical now, so a reply lands on the same instant on
    /// every clock, however late the request's own callback ran.
    private func answer(after latency: Duration, _ body: @escaping @Sendable () -> Void) {
        // With no leeway, scheduling for an instant cannot be refused.
        _ = try? clock.schedule(at: clock.logicalNow + max(.zero, latency)) { _ in body() }
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
