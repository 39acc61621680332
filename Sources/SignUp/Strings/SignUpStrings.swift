/// Every text the sign-up screens show, in one language: a table of strings, and of closures
/// where a text holds a number or a name (so each language words its own plurals).
///
/// Each ``SignUpLanguage`` carries one. The built-in tables are ``english`` and
/// ``simplifiedChinese``. To change a few texts, copy a table and set them; to add a
/// language, give every text to the initializer, which has no defaults (a forgotten text does
/// not compile), then make a ``SignUpLanguage`` of it. Changing a few texts:
///
/// ```swift
/// var strings = SignUpStrings.english
/// strings.getCode = "Send me a code"
/// let language = SignUpLanguage(identifier: "en-x-acme", strings: strings)
/// ```
public struct SignUpStrings: Sendable {
    // MARK: Send button

    /// The send button before any code was sent: "Get code".
    public var getCode: String
    /// The send button while a code is requested: "Sending…".
    public var sending: String
    /// The send button once a new code may be requested: "Resend".
    public var resend: String
    /// The send button after a failed request: "Retry".
    public var retry: String
    /// The send button during the cooldown: "Resend in 42s" (same verb as ``resend``).
    public var resendIn: @Sendable (_ seconds: Int64) -> String
    /// The send button while a rate limit lasts: "Retry in 42s".
    public var retryIn: @Sendable (_ seconds: Int64) -> String
    /// The send button's fixed accessibility label: "Send code".
    public var sendLabel: String
    /// A number of seconds, with its plural: "1 second", "42 seconds".
    public var seconds: @Sendable (_ seconds: Int64) -> String
    /// A number of minutes, with its plural: "1 minute", "42 minutes".
    public var minutes: @Sendable (_ minutes: Int64) -> String
    /// A wait of minutes and seconds, e.g. "4:59".
    public var waitClock: @Sendable (_ seconds: Int64) -> String

    // MARK: Fields

    /// The destination field's label.
    public var destinationLabel: String
    /// The destination field's placeholder.
    public var destinationPlaceholder: String
    /// The code field's label.
    public var codeLabel: String
    /// The code field's placeholder.
    public var codePlaceholder: String
    /// The password field's label.
    public var passwordLabel: String
    /// The password field's placeholder.
    public var passwordPlaceholder: String
    /// The confirmation field's label.
    public var confirmationLabel: String
    /// The confirmation field's placeholder.
    public var confirmationPlaceholder: String

    // MARK: Destination and sending

    /// Why the destination as typed cannot be used.
    public var destinationProblem: @Sendable (DestinationProblem) -> String
    /// Where the code went: "Code sent to +86 138 •••• 5678".
    public var codeSent: @Sendable (_ maskedDestination: String) -> String
    /// Why a code request failed; `wait` is the wait left, as ``seconds`` words it, if any.
    public var requestError: @Sendable (CodeRequestError, _ wait: String?) -> String
    /// The send limit was reached; `wait` as ``minutes`` or ``seconds`` words it, if known.
    public var sendLimit: @Sendable (_ wait: String?) -> String

    // MARK: Code

    /// The verify button: "Verify".
    public var verify: String
    /// The verify button while checking: "Verifying…".
    public var verifying: String
    /// The code was accepted: "Verified".
    public var verified: String
    /// The code's expiry; `wait` as ``waitClock`` words it.
    public var codeExpiresIn: @Sendable (_ wait: String) -> String
    /// Why a code was not accepted; `wait` as ``waitClock`` words it, for a lock.
    public var checkError: @Sendable (CodeCheckError, _ wait: String?) -> String
    /// A new code replaced the previous one.
    public var codeReplaced: String
    /// The lock after wrong codes is over.
    public var lockOver: String
    /// The cooldown could not be restored, or saved: "The countdown could not be saved; …".
    public var storeProblem: @Sendable (CooldownStoreProblem) -> String
    /// Announced at 30 and 10 seconds; `wait` as ``seconds`` words it.
    public var canResendIn: @Sendable (_ wait: String) -> String
    /// Announced when a new code may be requested.
    public var canResendNow: String

    // MARK: Registration

    /// Why a password is refused.
    public var passwordProblem: @Sendable (PasswordProblem) -> String
    /// The strength hint of an accepted password.
    public var strength: @Sendable (PasswordStrength) -> String
    /// The confirmation differs from the password.
    public var passwordsDiffer: String
    /// The terms box.
    public var terms: String
    /// The submit button.
    public var createAccount: String
    /// The submit button while submitting.
    public var creatingAccount: String
    /// The account was created.
    public var accountCreated: String
    /// Why registration failed.
    public var registrationError: @Sendable (RegistrationError) -> String

    /// A table with every text given: each argument sets the property of its name, and none has
    /// a default, so a language that forgets a text does not compile (see ``english`` for one
    /// written this way).
    public init(
        getCode: String,
        sending: String,
        resend: String,
        retry: String,
        resendIn: @escaping @Sendable (_ seconds: Int64) -> String,
        retryIn: @escaping @Sendable (_ seconds: Int64) -> String,
        sendLabel: String,
        seconds: @escaping @Sendable (_ seconds: Int64) -> String,
        minutes: @escaping @Sendable (_ minutes: Int64) -> String,
        waitClock: @escaping @Sendable (_ seconds: Int64) -> String,
        destinationLabel: String,
        destinationPlaceholder: String,
        codeLabel: String,
        codePlaceholder: String,
        passwordLabel: String,
        passwordPlaceholder: String,
        confirmationLabel: String,
        confirmationPlaceholder: String,
        destinationProblem: @escaping @Sendable (DestinationProblem) -> String,
        codeSent: @escaping @Sendable (_ maskedDestination: String) -> String,
        requestError: @escaping @Sendable (CodeRequestError, _ wait: String?) -> String,
        sendLimit: @escaping @Sendable (_ wait: String?) -> String,
        verify: String,
        verifying: String,
        verified: String,
        codeExpiresIn: @escaping @Sendable (_ wait: String) -> String,
        checkError: @escaping @Sendable (CodeCheckError, _ wait: String?) -> String,
        codeReplaced: String,
        lockOver: String,
        storeProblem: @escaping @Sendable (CooldownStoreProblem) -> String,
        canResendIn: @escaping @Sendable (_ wait: String) -> String,
        canResendNow: String,
        passwordProblem: @escaping @Sendable (PasswordProblem) -> String,
        strength: @escaping @Sendable (PasswordStrength) -> String,
        passwordsDiffer: String,
        terms: String,
        createAccount: String,
        creatingAccount: String,
        accountCreated: String,
        registrationError: @escaping @Sendable (RegistrationError) -> String
    ) {
        self.getCode = getCode
        self.sending = sending
        self.resend = resend
        self.retry = retry
        self.resendIn = resendIn
        self.retryIn = retryIn
        self.sendLabel = sendLabel
        self.seconds = seconds
        self.minutes = minutes
        self.waitClock = waitClock
        self.destinationLabel = destinationLabel
        self.destinationPlaceholder = destinationPlaceholder
        self.codeLabel = codeLabel
        self.codePlaceholder = codePlaceholder
        self.passwordLabel = passwordLabel
        self.passwordPlaceholder = passwordPlaceholder
        self.confirmationLabel = confirmationLabel
        self.confirmationPlaceholder = confirmationPlaceholder
        self.destinationProblem = destinationProblem
        self.codeSent = codeSent
        self.requestError = requestError
        self.sendLimit = sendLimit
        self.verify = verify
        self.verifying = verifying
        self.verified = verified
        self.codeExpiresIn = codeExpiresIn
        self.checkError = checkError
        self.codeReplaced = codeReplaced
        self.lockOver = lockOver
        self.storeProblem = storeProblem
        self.canResendIn = canResendIn
        self.canResendNow = canResendNow
        self.passwordProblem = passwordProblem
        self.strength = strength
        self.passwordsDiffer = passwordsDiffer
        self.terms = terms
        self.createAccount = createAccount
        self.creatingAccount = creatingAccount
        self.accountCreated = accountCreated
        self.registrationError = registrationError
    }
}
