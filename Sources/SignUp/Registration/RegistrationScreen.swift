/// What the registration screen shows: the account's verification controls, then the
/// password, its confirmation, the terms box and Create account.
public struct RegistrationScreen: Hashable, Sendable {
    /// The account: a phone number or an e-mail address, verified by code.
    public var account: VerificationScreen
    /// The password; its message is the problem or, once valid, the strength hint.
    public var password: SecretFieldView
    /// The confirmation; its message says when it differs.
    public var confirmation: SecretFieldView
    /// The terms box.
    public var terms: ToggleView
    /// "Create account" / "Creating account…".
    public var submitButton: ButtonView
    /// The outcome of the submission, if any.
    public var message: String?

    /// Renders `form` with the account's `verification` state. Field messages appear only
    /// once a field has been edited.
    public init(_ form: RegistrationForm, verification: VerificationState) {
        self.init(form, verification: verification) {
            form.passwordCheck(account: RegistrationForm.account(of: verification))
        }
    }

    /// Renders `form` with the password check `check` gives for the account of `verification`
    /// (asked only when it is shown or needed): a model that renders often keeps the last one.
    init(_ form: RegistrationForm, verification: VerificationState, check: () -> PasswordCheck) {
        let text = verification.config.strings
        account = VerificationScreen(verification)
        let editable = form.submission != .submitting && form.submission != .succeeded
        var passwordMessage: String?
        if form.passwordEdited {
            let outcome = check()
            passwordMessage = outcome.problem.map(text.passwordProblem) ?? text.strength(outcome.strength)
        }
        password = SecretFieldView(
            value: form.password, isEnabled: editable, message: passwordMessage,
            label: text.passwordLabel, placeholder: text.passwordPlaceholder(form.policy.minimumLength))
        let differs = form.confirmationEdited && form.confirmation != form.password
        confirmation = SecretFieldView(
            value: form.confirmation, isEnabled: editable, message: differs ? text.passwordsDiffer : nil,
            label: text.confirmationLabel, placeholder: text.confirmationPlaceholder)
        terms = ToggleView(title: text.terms, isOn: form.termsAccepted, isEnabled: editable)
        let submitting = form.submission == .submitting
        submitButton = ButtonView(
            title: submitting ? text.creatingAccount : text.createAccount,
            isEnabled: form.canSubmit(verification, check: check), accessibilityLabel: text.createAccount)
        message =
            switch form.submission {
            case .idle, .submitting: nil
            case .succeeded: text.accountCreated
            // Once verified again, a refused proof is history: Create account works with the new one.
            case .failed(.proofRejected) where verification.isVerified: nil
            case .failed(let error): text.registrationError(error)
            }
    }
}
