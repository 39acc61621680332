import PhoneNumbers

extension SignUpStrings {
    /// English. Counted texts choose their form by CLDR's English rule (`PluralRule`).
    public static let english = SignUpStrings(
        getCode: "Get code",
        sending: "Sending…",
        resend: "Resend",
        retry: "Retry",
        callMe: "Call me",
        resendIn: { "Resend in \($0)s" },
        retryIn: { "Retry in \($0)s" },
        sendLabel: "Send code",
        seconds: { englishPlural.select($0, one: "\($0) second", other: "\($0) seconds") },
        secondsLeft: { englishPlural.select($0, one: "\($0) second", other: "\($0) seconds") },
        minutes: { englishPlural.select($0, one: "\($0) minute", other: "\($0) minutes") },
        waitClock: { seconds in "\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)" },
        destinationLabel: "Phone or e-mail",
        destinationPlaceholder: "+86 138 1234 5678 or name@example.com",
        codeLabel: "Verification code",
        codePlaceholder: { "\($0)-digit code" },
        passwordLabel: "Password",
        passwordPlaceholder: {
            englishPlural.select($0, one: "At least \($0) character", other: "At least \($0) characters")
        },
        confirmationLabel: "Confirm password",
        confirmationPlaceholder: "Type the password again",
        destinationProblem: { problem in
            switch problem {
            case .empty: "Enter a phone number or an e-mail address"
            case .invalidEmail: "This e-mail address is not valid"
            case .numberTypeNotAccepted(let accepted):
                accepted.isDisjoint(with: [.mobile, .fixedLineOrMobile])
                    ? "Codes can't be sent to this kind of number" : "Enter a mobile number"
            case .invalidChinaMobile: "A mainland China mobile number has 11 digits starting with 1"
            case .phone(.missingCountryCode(let example)):
                example.map { "Add the country code, e.g. +\($0.callingCode)" }
                    ?? "Add the country code, starting with +"
            case .phone(.invalid): "This phone number is not valid"
            case .phone(.unknownCountryCode(let digits)): "No country code starts with +\(digits)"
            case .phone(.wrongLength(let code, let expected, let found)):
                "A +\(code) number has \(counts(expected, through: " to ", lastSeparator: " or ")) digits after the country code, not \(found)"
            case .phone(.tooLong): "A phone number has at most 15 digits"
            }
        },
        landlineNotice: "This is a landline: you'll get a call with the code",
        codeSent: { "Code sent to \($0)" },
        codeCalled: { "Calling \($0) with your code" },
        requestError: { error, wait in
            switch error {
            case .network: "Network error. Check your connection and retry"
            case .serviceUnavailable: "The service is not available right now. Retry in a moment"
            case .rateLimited: "Too many requests. Retry in \(wait ?? "a moment")"
            case .invalidDestination: "This number or address cannot receive codes"
            case .channelRefused(.voice): "Codes can't be sent to this number by call"
            case .channelRefused(.sms): "Codes can't be sent to this number by text message"
            case .channelRefused: "Codes can't be sent to this address"
            case .sendLimitReached: "Too many codes requested. Try again in \(wait ?? "a while")"
            }
        },
        sendLimit: { "Too many codes requested. Try again in \($0 ?? "a while")" },
        verify: "Verify",
        verifying: "Verifying…",
        verified: "Verified",
        codeExpiresIn: { "Code expires in \($0)" },
        checkError: { error, wait in
            switch error {
            case .wrongCode(let left):
                englishPlural.select(
                    left, one: "Wrong code. \(left) attempt left", other: "Wrong code. \(left) attempts left")
            case .expired:
                wait.map { "This code has expired. You can request a new one in \($0)" }
                    ?? "This code has expired. Request a new one"
            case .superseded: "This code was replaced by a newer one. Enter the latest code"
            case .locked: "Too many wrong codes. Try again in \(wait ?? "a while")"
            case .rateLimited: "Too many attempts. Tap Verify again in \(wait ?? "a moment")"
            case .network: "Network error. Tap Verify to try again"
            case .serviceUnavailable: "The service is not available right now. Tap Verify to try again"
            }
        },
        codeReplaced: "A new code was sent. The previous code no longer works",
        lockOver: "You can try again now",
        enterCodeIfReceived: "If a code arrived, enter it",
        codeSentElsewhere: { "The code went to \($0). Get a code for this one" },
        storeProblem: { problem in
            switch problem {
            case .notRestored: "The saved countdown could not be restored"
            case .notSaved: "The countdown could not be saved; it will not survive a restart"
            }
        },
        canResendIn: { "You can request a new code in \($0)" },
        canResendNow: "You can request a new code now",
        passwordProblem: englishPasswordProblem,
        strength: { strength in
            switch strength {
            case .weak: "Strength: weak"
            case .fair: "Strength: fair"
            case .strong: "Strength: strong"
            }
        },
        passwordsDiffer: "The passwords do not match",
        terms: "I agree to the Terms of Service",
        createAccount: "Create account",
        creatingAccount: "Creating account…",
        accountCreated: "Account created",
        registrationError: { error in
            switch error {
            case .network: "Network error. Try again"
            case .serviceUnavailable: "The service is not available right now. Try again later"
            case .accountExists: "This account already exists. Sign in instead"
            case .weakPassword(let problems):
                problems.first.map { "The server refused this password. \(englishPasswordProblem($0))" }
                    ?? "The server refused this password. Choose another"
            case .proofRejected: "Your verification has expired. Get a new code"
            }
        })

    /// English's plural rule.
    private static let englishPlural = PluralRule(for: "en")

    /// Why a password is refused, in English: the form's own check and the server's reasons alike.
    private static func englishPasswordProblem(_ problem: PasswordProblem) -> String {
        switch problem {
        case .tooShort(let minimum):
            englishPlural.select(
                minimum, one: "Use at least \(minimum) character", other: "Use at least \(minimum) characters")
        case .tooLong(let maximum):
            englishPlural.select(
                maximum, one: "Use at most \(maximum) character", other: "Use at most \(maximum) characters")
        case .common: "This password is too common. Choose another"
        case .predictable: "Avoid repeated or sequential characters"
        case .containsAccount: "Do not use your account name in the password"
        }
    }
}
