import PhoneNumbers

/// Every text the sign-up screens show, in one language: a table of strings, and of closures
/// where a text holds a number or a name (so each language words its own plurals).
///
/// Each ``SignUpLanguage`` carries one. The built-in tables are ``english`` and
/// ``simplifiedChinese``. To change a few texts, copy a table and set them. To add a language,
/// translate a table with ``init(translating:_:)``, then make a ``SignUpLanguage`` of it:
///
/// ```swift
/// let strings = SignUpStrings(translating: .english) { strings in
///     strings.getCode = "Recevoir un code"
///     // … every other text
/// }
/// let language = SignUpLanguage(identifier: "fr", strings: strings)
/// ```
///
/// A table made that way survives new texts: when a later Hourglass adds one, the app still
/// compiles, and the new text shows in the base language until it is translated. Completeness
/// moves from the compiler to the app's test, which names what is missing:
/// `#expect(strings.untranslated == [])` fails with the new text's ``Text`` case.
public struct SignUpStrings: Sendable {
    /// Counts as a table writes them in a sentence: `9`, a run as `8 to 11` (`through`), others
    /// listed as `7, 9 or 10` (`separator`, `lastSeparator`). For
    /// `PhoneNumberProblem.wrongLength`'s lengths.
    public static func counts(
        _ counts: [Int], through: String, separator: String = ", ", lastSeparator: String
    ) -> String {
        guard let first = counts.first, let last = counts.last, counts.count > 1 else {
            return counts.first.map(String.init) ?? ""
        }
        if counts.count > 2, counts == Array(first...last) { return "\(first)\(through)\(last)" }
        return counts.dropLast().map(String.init).joined(separator: separator) + lastSeparator + "\(last)"
    }

    /// `text` between first-strong isolates (U+2068 … U+2069), so that it reads in its own
    /// direction inside a sentence of either direction: a number, a masked destination, a code
    /// or a countdown in an Arabic sentence stays left to right, and does not reorder the words
    /// around it. The built-in right-to-left tables isolate every such value; an app's table
    /// does the same. A screen's `lines` keep the isolates (`TranscriptText`).
    public static func isolated(_ text: String) -> String { "\u{2068}\(text)\u{2069}" }

    /// The texts of this table that still hold the base table's (see ``init(translating:_:)``);
    /// empty for a complete table.
    public var untranslated: [Text] { Text.allCases.filter { !translated.contains($0) } }

    /// The texts set since the table was made from its base; every text for a built-in table.
    private var translated: Set<Text>

    // MARK: Send button

    /// The send button before any code was sent: "Get code".
    public var getCode: String { didSet { translated.insert(.getCode) } }
    /// The send button while a code is requested: "Sending…".
    public var sending: String { didSet { translated.insert(.sending) } }
    /// The send button once a new code may be requested: "Resend".
    public var resend: String { didSet { translated.insert(.resend) } }
    /// The send button after a failed request: "Retry".
    public var retry: String { didSet { translated.insert(.retry) } }
    /// The call button, offered beside Resend once the first wait is over: "Call me".
    public var callMe: String { didSet { translated.insert(.callMe) } }
    /// The send button during the cooldown: "Resend in 42s" (same verb as ``resend``).
    public var resendIn: @Sendable (_ seconds: Int64) -> String { didSet { translated.insert(.resendIn) } }
    /// The send button while a rate limit lasts: "Retry in 42s".
    public var retryIn: @Sendable (_ seconds: Int64) -> String { didSet { translated.insert(.retryIn) } }
    /// The send button's fixed accessibility label: "Send code".
    public var sendLabel: String { didSet { translated.insert(.sendLabel) } }
    /// A number of seconds, with its plural, as a sentence holds a wait ("Retry in 42 seconds"):
    /// "1 second", "42 seconds".
    public var seconds: @Sendable (_ seconds: Int64) -> String { didSet { translated.insert(.seconds) } }
    /// The seconds a countdown has left, standing alone: the send button's accessibility value
    /// ("42 seconds"). The same words as ``seconds`` in most languages; a language whose
    /// words change after "in" (Russian "через 1 секунду", Arabic "بعد ثانيتين") says them
    /// here in their standalone form ("1 секунда", "ثانيتان").
    public var secondsLeft: @Sendable (_ seconds: Int64) -> String { didSet { translated.insert(.secondsLeft) } }
    /// A number of minutes, with its plural: "1 minute", "42 minutes".
    public var minutes: @Sendable (_ minutes: Int64) -> String { didSet { translated.insert(.minutes) } }
    /// A wait of minutes and seconds, e.g. "4:59".
    public var waitClock: @Sendable (_ seconds: Int64) -> String { didSet { translated.insert(.waitClock) } }

    // MARK: Fields

    /// The destination field's label.
    public var destinationLabel: String { didSet { translated.insert(.destinationLabel) } }
    /// The destination field's placeholder.
    public var destinationPlaceholder: String { didSet { translated.insert(.destinationPlaceholder) } }
    /// The code field's label.
    public var codeLabel: String { didSet { translated.insert(.codeLabel) } }
    /// The code field's placeholder, for a code of `digits` digits (the server's word in its
    /// answer, else the configuration's): "6-digit code".
    public var codePlaceholder: @Sendable (_ digits: Int) -> String { didSet { translated.insert(.codePlaceholder) } }
    /// The password field's label.
    public var passwordLabel: String { didSet { translated.insert(.passwordLabel) } }
    /// The password field's placeholder, for the policy's `minimum` length: "At least 8 characters".
    public var passwordPlaceholder: @Sendable (_ minimum: Int) -> String {
        didSet { translated.insert(.passwordPlaceholder) }
    }
    /// The confirmation field's label.
    public var confirmationLabel: String { didSet { translated.insert(.confirmationLabel) } }
    /// The confirmation field's placeholder.
    public var confirmationPlaceholder: String { didSet { translated.insert(.confirmationPlaceholder) } }

    // MARK: Destination and sending

    /// Why the destination as typed cannot be used.
    public var destinationProblem: @Sendable (DestinationProblem) -> String {
        didSet { translated.insert(.destinationProblem) }
    }
    /// Where the code went: "Code sent to +86 ••• •••• 5678".
    public var codeSent: @Sendable (_ maskedDestination: String) -> String { didSet { translated.insert(.codeSent) } }
    /// Where the code is being said, by call: "Calling +44 20 •••• 0000 with your code".
    public var codeCalled: @Sendable (_ maskedDestination: String) -> String {
        didSet { translated.insert(.codeCalled) }
    }
    /// Under the field, as soon as it holds a landline: "This is a landline: you'll get a
    /// call with the code".
    public var landlineNotice: String { didSet { translated.insert(.landlineNotice) } }
    /// Why a code request failed; `wait` is the wait left, as ``seconds`` words it, if any.
    public var requestError: @Sendable (CodeRequestError, _ wait: String?) -> String {
        didSet { translated.insert(.requestError) }
    }
    /// The send limit was reached; `wait` as ``minutes`` or ``seconds`` words it, if known.
    public var sendLimit: @Sendable (_ wait: String?) -> String { didSet { translated.insert(.sendLimit) } }

    // MARK: Code

    /// The verify button: "Verify".
    public var verify: String { didSet { translated.insert(.verify) } }
    /// The verify button while checking: "Verifying…".
    public var verifying: String { didSet { translated.insert(.verifying) } }
    /// The code was accepted: "Verified".
    public var verified: String { didSet { translated.insert(.verified) } }
    /// The code's expiry; `wait` as ``waitClock`` words it.
    public var codeExpiresIn: @Sendable (_ wait: String) -> String { didSet { translated.insert(.codeExpiresIn) } }
    /// Why a code was not accepted, with a wait: for a lock, its end as ``waitClock`` words
    /// it; for an expired code, when a new code can be requested, if the send button waits for
    /// time — a cooldown as ``waitClock`` words it ("This code has expired. You can request a
    /// new one in 0:42"), a send limit as ``minutes`` does.
    public var checkError: @Sendable (CodeCheckError, _ wait: String?) -> String {
        didSet { translated.insert(.checkError) }
    }
    /// A new code replaced the previous one.
    public var codeReplaced: String { didSet { translated.insert(.codeReplaced) } }
    /// The lock after wrong codes is over.
    public var lockOver: String { didSet { translated.insert(.lockOver) } }
    /// The code field's message after a send answered 429: a code may have arrived (an
    /// earlier answer was lost, or another device asked), and the field takes it.
    public var enterCodeIfReceived: String { didSet { translated.insert(.enterCodeIfReceived) } }
    /// The field was edited after a code was sent: where the code went, and that the new
    /// destination needs its own code.
    public var codeSentElsewhere: @Sendable (_ maskedDestination: String) -> String {
        didSet { translated.insert(.codeSentElsewhere) }
    }
    /// The cooldown could not be restored, or saved: "The countdown could not be saved; …".
    public var storeProblem: @Sendable (CooldownStoreProblem) -> String { didSet { translated.insert(.storeProblem) } }
    /// Announced at 30 and 10 seconds; `wait` as ``seconds`` words it.
    public var canResendIn: @Sendable (_ wait: String) -> String { didSet { translated.insert(.canResendIn) } }
    /// Announced when a new code may be requested.
    public var canResendNow: String { didSet { translated.insert(.canResendNow) } }

    // MARK: Registration

    /// Why a password is refused.
    public var passwordProblem: @Sendable (PasswordProblem) -> String { didSet { translated.insert(.passwordProblem) } }
    /// The strength hint of an accepted password.
    public var strength: @Sendable (PasswordStrength) -> String { didSet { translated.insert(.strength) } }
    /// The confirmation differs from the password.
    public var passwordsDiffer: String { didSet { translated.insert(.passwordsDiffer) } }
    /// The terms box.
    public var terms: String { didSet { translated.insert(.terms) } }
    /// The submit button.
    public var createAccount: String { didSet { translated.insert(.createAccount) } }
    /// The submit button while submitting.
    public var creatingAccount: String { didSet { translated.insert(.creatingAccount) } }
    /// The account was created.
    public var accountCreated: String { didSet { translated.insert(.accountCreated) } }
    /// Why registration failed.
    public var registrationError: @Sendable (RegistrationError) -> String {
        didSet { translated.insert(.registrationError) }
    }

    /// A new language's table: `base`'s texts (a built-in table, or another of the app's),
    /// with `translate` setting each of them in the new language. The texts it does not set
    /// stay `base`'s and are listed in ``untranslated``, so that a test can require none.
    public init(translating base: SignUpStrings, _ translate: (inout SignUpStrings) -> Void) {
        var table = base
        table.translated = []
        translate(&table)
        self = table
    }

    /// A table with every text given: the built-in English one.
    init(
        getCode: String,
        sending: String,
        resend: String,
        retry: String,
        callMe: String,
        resendIn: @escaping @Sendable (_ seconds: Int64) -> String,
        retryIn: @escaping @Sendable (_ seconds: Int64) -> String,
        sendLabel: String,
        seconds: @escaping @Sendable (_ seconds: Int64) -> String,
        secondsLeft: @escaping @Sendable (_ seconds: Int64) -> String,
        minutes: @escaping @Sendable (_ minutes: Int64) -> String,
        waitClock: @escaping @Sendable (_ seconds: Int64) -> String,
        destinationLabel: String,
        destinationPlaceholder: String,
        codeLabel: String,
        codePlaceholder: @escaping @Sendable (_ digits: Int) -> String,
        passwordLabel: String,
        passwordPlaceholder: @escaping @Sendable (_ minimum: Int) -> String,
        confirmationLabel: String,
        confirmationPlaceholder: String,
        destinationProblem: @escaping @Sendable (DestinationProblem) -> String,
        landlineNotice: String,
        codeSent: @escaping @Sendable (_ maskedDestination: String) -> String,
        codeCalled: @escaping @Sendable (_ maskedDestination: String) -> String,
        requestError: @escaping @Sendable (CodeRequestError, _ wait: String?) -> String,
        sendLimit: @escaping @Sendable (_ wait: String?) -> String,
        verify: String,
        verifying: String,
        verified: String,
        codeExpiresIn: @escaping @Sendable (_ wait: String) -> String,
        checkError: @escaping @Sendable (CodeCheckError, _ wait: String?) -> String,
        codeReplaced: String,
        lockOver: String,
        enterCodeIfReceived: String,
        codeSentElsewhere: @escaping @Sendable (_ maskedDestination: String) -> String,
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
        self.callMe = callMe
        self.resendIn = resendIn
        self.retryIn = retryIn
        self.sendLabel = sendLabel
        self.seconds = seconds
        self.secondsLeft = secondsLeft
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
        self.codeCalled = codeCalled
        self.landlineNotice = landlineNotice
        self.requestError = requestError
        self.sendLimit = sendLimit
        self.verify = verify
        self.verifying = verifying
        self.verified = verified
        self.codeExpiresIn = codeExpiresIn
        self.checkError = checkError
        self.codeReplaced = codeReplaced
        self.lockOver = lockOver
        self.enterCodeIfReceived = enterCodeIfReceived
        self.codeSentElsewhere = codeSentElsewhere
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
        translated = Set(Text.allCases)
    }
}
