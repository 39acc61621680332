import Foundation
public import Hourglass
public import Observation

/// The registration screen's runtime: the account's ``VerificationViewModel`` plus the
/// ``RegistrationForm`` machine, on the same clock and service, with the same rules: every
/// change and notification on the clock's context, inputs from elsewhere and service replies
/// handed to it first, the registration call in a task the model owns.
///
/// It is `Observable` where the system has Observation (macOS 14, iOS 17 and later, Linux); on
/// older systems `onChange` tells every change.
public final class RegistrationViewModel: Sendable {
    /// The form, its changes and the registration call.
    private let runtime: ModelRuntime<RegistrationForm, RegistrationCall>
    /// The last password check and what it checked: the screen is rendered on every change,
    /// countdown ticks included, and the check only changes with the password or the account.
    private let lastCheck = Locked<PasswordCheckMemo?>(nil)
    private let service: any VerificationService
    private let onChange: (@Sendable (RegistrationScreen) -> Void)?
    /// The account's verification flow.
    public let verification: VerificationViewModel

    /// Creates the screen's model; the account's saved cooldown is restored from `store`, and
    /// its countdowns start once this model is fully built.
    /// - Parameters:
    ///   - config: the cooldown, code length, send limit and language.
    ///   - policy: the password rules.
    ///   - clock: where countdowns run and every change happens (its serial context).
    ///   - service: the app's server calls; each runs in a task the model owns.
    ///   - store: where the resend cooldown is kept across restarts.
    ///   - wallClock: the wall-clock time the saved cooldown is stamped with.
    ///   - onChange: called after each change of the form or of the account's verification,
    ///     on the clock's context.
    ///   - onAnnouncement: called with each text for assistive technologies, on the clock's context.
    ///   - onStoreProblem: told the error, for the app's log, whenever the cooldown cannot be
    ///     restored or saved (the screen shows it in its own language, without the detail).
    ///   - onServiceFailure: told every service call that failed (a code request, a check, the
    ///     registration: no connection, a timeout, a 5xx, an answer outside the contract) with
    ///     the error as the service threw it, on the clock's context. A server's refusal (a
    ///     wrong code, a 429, an existing account) is no failure and is not told.
    public init(
        config: VerificationConfig = VerificationConfig(), policy: PasswordPolicy = PasswordPolicy(),
        clock: any TimerClock, service: any VerificationService,
        store: any CooldownStore = InMemoryCooldownStore(), wallClock: any WallClock = SystemWallClock(),
        onChange: (@Sendable (RegistrationScreen) -> Void)? = nil,
        onAnnouncement: (@Sendable (String) -> Void)? = nil,
        onStoreProblem: (@Sendable (CooldownStoreError) -> Void)? = nil,
        onServiceFailure: (@Sendable (ServiceFailure) -> Void)? = nil
    ) {
        runtime = ModelRuntime(RegistrationForm(policy: policy), clock: clock)
        if let onServiceFailure {
            runtime.report { _, error in onServiceFailure(ServiceFailure(call: .register, error: error)) }
        }
        self.service = service
        self.onChange = onChange
        verification = VerificationViewModel(
            config: config, clock: clock, service: service, store: store, wallClock: wallClock,
            onChange: nil, onAnnouncement: onAnnouncement, onStoreProblem: onStoreProblem,
            onServiceFailure: onServiceFailure, startsRestored: false)
        let notify: @Sendable () -> Void = { [weak self] in self?.notifyChange() }
        runtime.listen { _ in notify() }
        verification.runtime.listen { _ in notify() }
        runtime.perform(effectsWith: { [weak self] request in self?.register(request) })
        // Only now can a restored countdown tick: this model is whole and reachable.
        verification.startRestored()
    }

    /// The form's state.
    public var form: RegistrationForm { runtime.value }

    /// What the screen shows.
    public var screen: RegistrationScreen {
        let form = form
        let account = verification.state
        return RegistrationScreen(form, verification: account) { passwordCheck(form, account: account) }
    }

    /// The password field changed.
    public func setPassword(_ text: String) { input(.passwordChanged(text)) }
    /// The confirmation field changed.
    public func setConfirmation(_ text: String) { input(.confirmationChanged(text)) }
    /// The terms box was tapped.
    public func toggleTerms() { input(.termsToggled) }
    /// Create account was tapped.
    public func tapSubmit() { input(.submitTapped) }

    /// An input: applied on the clock's context, with the account's state as it is there.
    /// Weak: a pending input or reply never keeps the account's model (and its countdowns) alive.
    private func input(_ event: RegistrationEvent) {
        runtime.input { [weak verification] in
            verification.map { RegistrationInput(event: event, account: $0.untrackedState) }
        }
    }

    private func register(_ request: RegistrationRequest) {
        runtime.call(.registration, .register(request, with: service)) { [weak verification] result in
            let event: RegistrationEvent =
                switch result {
                case .success: .registrationSucceeded
                case .failure(let error): .registrationFailed(error)
                }
            // A refused proof undoes the verification: back to the code step, the destination kept.
            if case .failure(.proofRejected) = result { verification?.handle(.proofRejected) }
            return verification.map { RegistrationInput(event: event, account: $0.untrackedState) }
        }
    }

    /// `form`'s password checked for the account of `verification`; the last check again when
    /// neither changed (the policy is the form's own, fixed at init).
    private func passwordCheck(_ form: RegistrationForm, account verification: VerificationState) -> PasswordCheck {
        let account = RegistrationForm.account(of: verification)
        if let last = lastCheck.withLock({ $0 }), last.password == form.password, last.account == account {
            return last.check
        }
        let check = form.passwordCheck(account: account)
        lastCheck.withLock { $0 = PasswordCheckMemo(password: form.password, account: account, check: check) }
        return check
    }

    private func notifyChange() {
        onChange?(screen)
    }
}

/// A password check and what it checked.
private struct PasswordCheckMemo: Sendable {
    let password: Secret
    let account: String
    let check: PasswordCheck
}

/// The kinds of service call the registration form makes.
enum RegistrationCall: Hashable, Sendable {
    case registration
}

@available(HourglassObservation, *)
extension RegistrationViewModel: Observable {}
