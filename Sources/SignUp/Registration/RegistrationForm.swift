/// The registration screen's own state — password, confirmation, terms and the submission —
/// beside the account's ``VerificationState``. A plain value changed only by
/// ``apply(_:verification:)``.
public struct RegistrationForm: Hashable, Sendable {
    /// The password rules.
    public let policy: PasswordPolicy
    /// The password as typed.
    public internal(set) var password = Secret.empty
    /// Whether the password field has been edited.
    public internal(set) var passwordEdited = false
    /// The confirmation as typed.
    public internal(set) var confirmation = Secret.empty
    /// Whether the confirmation field has been edited.
    public internal(set) var confirmationEdited = false
    /// Whether the terms box is ticked.
    public internal(set) var termsAccepted = false
    /// Where the submission stands.
    public internal(set) var submission: SubmissionPhase = .idle

    /// An empty form.
    public init(policy: PasswordPolicy = PasswordPolicy()) {
        self.policy = policy
    }

    /// The password checked against the policy and the account typed.
    public func passwordCheck(account: String) -> PasswordCheck {
        policy.check(password, account: account)
    }

    /// The account the password must not contain: the verified destination once there is one,
    /// else what is typed.
    static func account(of verification: VerificationState) -> String {
        verification.sentTo?.normalized ?? verification.destinationText
    }

    /// Whether Create account can be tapped: everything valid, the account verified, nothing in flight.
    public func canSubmit(_ verification: VerificationState) -> Bool {
        canSubmit(verification) { passwordCheck(account: Self.account(of: verification)) }
    }

    /// ``canSubmit(_:)``, with the password check `check` gives (asked only when it matters).
    func canSubmit(_ verification: VerificationState, check: () -> PasswordCheck) -> Bool {
        guard verification.isVerified, termsAccepted, password == confirmation else { return false }
        guard check().isAccepted else { return false }
        switch submission {
        case .idle, .failed: return true
        case .submitting, .succeeded: return false
        }
    }

    /// The state machine: applies `event`, given the account's verification state, and
    /// returns the registration to request, if any. Pure.
    public mutating func apply(_ event: RegistrationEvent, verification: VerificationState) -> RegistrationRequest? {
        switch event {
        case .passwordChanged(let text) where submission != .submitting && submission != .succeeded:
            password = Secret(text)
            passwordEdited = true
        case .confirmationChanged(let text) where submission != .submitting && submission != .succeeded:
            confirmation = Secret(text)
            confirmationEdited = true
        case .termsToggled where submission != .submitting && submission != .succeeded:
            termsAccepted.toggle()
        case .submitTapped:
            // The account is the destination the code was sent to: the one the proof is for.
            guard canSubmit(verification), case .verified(let proof) = verification.check,
                let account = verification.sentTo
            else { return nil }
            submission = .submitting
            return RegistrationRequest(account: account, password: password, proof: proof)
        case .registrationSucceeded where submission == .submitting:
            submission = .succeeded
        case .registrationFailed(let error) where submission == .submitting:
            submission = .failed(error)
        default:
            break
        }
        return nil
    }
}

/// An input to the registration form.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum RegistrationEvent: Hashable, Sendable {
    /// The password field changed.
    case passwordChanged(String)
    /// The confirmation field changed.
    case confirmationChanged(String)
    /// The terms box was tapped.
    case termsToggled
    /// Create account was tapped.
    case submitTapped
    /// The service created the account.
    case registrationSucceeded
    /// The service refused the registration, or did not answer.
    case registrationFailed(RegistrationError)
}

/// Where the registration stands.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum SubmissionPhase: Hashable, Sendable {
    /// Not submitted yet.
    case idle
    /// In flight.
    case submitting
    /// The account was created.
    case succeeded
    /// The service refused or did not answer.
    case failed(RegistrationError)
}
