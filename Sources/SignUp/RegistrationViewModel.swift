import Foundation
public import Hourglass
public import Observation

/// The registration screen's runtime: the account's ``VerificationViewModel`` plus the
/// ``RegistrationForm`` machine, on the same clock and service. Same isolation as the
/// verification model: lock-protected transitions, effects after unlocking, callbacks on
/// the clock's context.
public final class RegistrationViewModel: Observable, @unchecked Sendable {
    // @unchecked Sendable: `current` is only read and written under `lock`; the other stored
    // properties are immutable and Sendable.
    private let lock = NSLock()
    private var current: RegistrationForm
    private let registrar = ObservationRegistrar()
    private let service: any VerificationService
    private let onChange: (@Sendable (RegistrationScreen) -> Void)?
    /// The account's verification flow.
    public let verification: VerificationViewModel

    /// Creates the screen's model; the account's saved cooldown is restored from `store`.
    /// - Parameters:
    ///   - onChange: called after each change of the form or of the account's verification.
    ///   - onAnnouncement: called with each text for assistive technologies.
    public init(
        config: VerificationConfig = VerificationConfig(), policy: PasswordPolicy = PasswordPolicy(),
        clock: any TimerClock, service: any VerificationService,
        store: any CooldownStore = InMemoryCooldownStore(), wallClock: any WallClock = SystemWallClock(),
        onChange: (@Sendable (RegistrationScreen) -> Void)? = nil,
        onAnnouncement: (@Sendable (String) -> Void)? = nil
    ) {
        let owner = WeakOwner()
        current = RegistrationForm(policy: policy)
        self.service = service
        self.onChange = onChange
        verification = VerificationViewModel(
            config: config, clock: clock, service: service, store: store, wallClock: wallClock,
            onChange: { _ in owner.model?.notifyChange() }, onAnnouncement: onAnnouncement)
        owner.model = self
    }

    /// The form's state.
    public var form: RegistrationForm {
        registrar.access(self, keyPath: \.form)
        return lock.withLock { current }
    }

    /// What the screen shows.
    public var screen: RegistrationScreen { RegistrationScreen(form, verification: verification.state) }

    /// The password field changed.
    public func setPassword(_ text: String) { handle(.passwordChanged(text)) }
    /// The confirmation field changed.
    public func setConfirmation(_ text: String) { handle(.confirmationChanged(text)) }
    /// The terms box was tapped.
    public func toggleTerms() { handle(.termsToggled) }
    /// Create account was tapped.
    public func tapSubmit() { handle(.submitTapped) }

    /// Applies `event` and sends the registration it asks for.
    public func handle(_ event: RegistrationEvent) {
        let account = verification.state
        var changed = false
        let request = registrar.withMutation(of: self, keyPath: \.form) {
            lock.withLock {
                let before = current
                let request = current.apply(event, verification: account)
                changed = current != before
                return request
            }
        }
        if changed { notifyChange() }
        guard let request else { return }
        service.register(request) { [weak self] result in
            switch result {
            case .success: self?.handle(.registrationSucceeded)
            case .failure(let error): self?.handle(.registrationFailed(error))
            }
        }
    }

    private func notifyChange() {
        onChange?(screen)
    }
}

/// Lets the verification model's callback reach the registration model that owns it,
/// without a retain cycle.
private final class WeakOwner: @unchecked Sendable {
    // @unchecked Sendable: `model` is written once, in the owner's init, before any callback
    // can read it, and only read afterwards.
    weak var model: RegistrationViewModel?
}
