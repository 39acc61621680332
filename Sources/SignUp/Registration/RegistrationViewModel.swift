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
public final class RegistrationViewModel: @unchecked Sendable {
    // @unchecked Sendable: `current` and `lastCheck` are only read and written under `lock`; `calls` is
    // Sendable; the other stored properties are immutable and Sendable.
    private let lock = NSLock()
    private var current: RegistrationForm
    /// The last password check and what it checked: the screen is rendered on every change,
    /// countdown ticks included, and the check only changes with the password or the account.
    private var lastCheck: (password: Secret, account: String, check: PasswordCheck)?
    private let observation = ObservationSupport()
    private let calls = ServiceCalls<RegistrationCall>()
    private let clock: any TimerClock
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
    public init(
        config: VerificationConfig = VerificationConfig(), policy: PasswordPolicy = PasswordPolicy(),
        clock: any TimerClock, service: any VerificationService,
        store: any CooldownStore = InMemoryCooldownStore(), wallClock: any WallClock = SystemWallClock(),
        onChange: (@Sendable (RegistrationScreen) -> Void)? = nil,
        onAnnouncement: (@Sendable (String) -> Void)? = nil,
        onStoreProblem: (@Sendable (any Error) -> Void)? = nil
    ) {
        let owner = WeakOwner()
        current = RegistrationForm(policy: policy)
        self.clock = clock
        self.service = service
        self.onChange = onChange
        verification = VerificationViewModel(
            config: config, clock: clock, service: service, store: store, wallClock: wallClock,
            onChange: { _ in owner.model?.notifyChange() }, onAnnouncement: onAnnouncement,
            onStoreProblem: onStoreProblem, startsRestored: false)
        owner.model = self
        // Only now can a restored countdown tick: this model is whole and reachable.
        verification.startRestored()
    }

    deinit {
        calls.cancelAll()
    }

    /// The form's state.
    public var form: RegistrationForm {
        if #available(HourglassObservation , *) { observation.access(self, keyPath: \.form) }
        return lock.withLock { current }
    }

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

    /// An input: applied now on the clock's context, else handed to it.
    private func input(_ event: RegistrationEvent) {
        if clock.isOnContext {
            handle(event)
        } else {
            clock.perform { [weak self] in self?.handle(event) }
        }
    }

    /// Applies `event` and sends the registration it asks for; on the clock's context only.
    func handle(_ event: RegistrationEvent) {
        let account = verification.state
        let (request, changed): (RegistrationRequest?, Bool)
        if #available(HourglassObservation , *) {
            (request, changed) = observation.withMutation(of: self, keyPath: \.form) {
                applyToForm(event, verification: account)
            }
        } else {
            (request, changed) = applyToForm(event, verification: account)
        }
        if changed { notifyChange() }
        guard let request else { return }
        register(request)
    }

    /// Applies `event` to ``form`` under the lock; returns the registration to request and
    /// whether the form changed.
    private func applyToForm(
        _ event: RegistrationEvent, verification: VerificationState
    ) -> (RegistrationRequest?, Bool) {
        lock.withLock {
            let before = current
            let request = current.apply(event, verification: verification)
            return (request, current != before)
        }
    }

    private func register(_ request: RegistrationRequest) {
        let call = calls.begin(.registration)
        if let service = service as? any ClockDrivenVerificationService {
            service.register(request) { [weak self] result in
                guard let self else { return }
                if clock.isOnContext {
                    apply(call, result)
                } else {
                    clock.perform { [weak self] in self?.apply(call, result) }
                }
            }
            return
        }
        let service = service
        calls.run(call, on: clock) { [weak self] in
            let result: Result<Void, RegistrationError>
            do {
                try await service.register(request)
                result = .success(())
            } catch {
                guard !Task.isCancelled else { return }
                result = .failure(error as? RegistrationError ?? .network)
            }
            self?.replyFromTask(call, result)
        }
    }

    /// A reply from a task, on whatever thread it finished: always handed to the context.
    private func replyFromTask(_ call: ServiceCalls<RegistrationCall>.Call, _ result: Result<Void, RegistrationError>) {
        clock.perform { [weak self] in self?.apply(call, result) }
    }

    /// Applies a registration reply unless it was superseded.
    private func apply(_ call: ServiceCalls<RegistrationCall>.Call, _ result: Result<Void, RegistrationError>) {
        guard calls.finish(call) else { return }
        switch result {
        case .success: handle(.registrationSucceeded)
        case .failure(let error): handle(.registrationFailed(error))
        }
    }

    /// `form`'s password checked for the account of `verification`; the last check again when
    /// neither changed (the policy is the form's own, fixed at init).
    private func passwordCheck(_ form: RegistrationForm, account verification: VerificationState) -> PasswordCheck {
        let account = RegistrationForm.account(of: verification)
        if let last = lock.withLock({ lastCheck }), last.password == form.password, last.account == account {
            return last.check
        }
        let check = form.passwordCheck(account: account)
        lock.withLock { lastCheck = (form.password, account, check) }
        return check
    }

    private func notifyChange() {
        onChange?(screen)
    }
}

/// The kinds of service call the registration form makes.
enum RegistrationCall: Hashable, Sendable {
    case registration
}

/// Lets the verification model's callback reach the registration model that owns it,
/// without a retain cycle.
private final class WeakOwner: @unchecked Sendable {
    // @unchecked Sendable: `owner` is only read and written under `lock`.
    private let lock = NSLock()
    private weak var owner: RegistrationViewModel?

    var model: RegistrationViewModel? {
        get { lock.withLock { owner } }
        set { lock.withLock { owner = newValue } }
    }
}

@available(HourglassObservation, *)
extension RegistrationViewModel: Observable {}
