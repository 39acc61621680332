extension SignUpStrings {
    /// Each text of a table, by the name of its property: what ``untranslated`` lists.
    public enum Text: String, CaseIterable, Hashable, Sendable {
        case getCode
        case sending
        case resend
        case retry
        case resendIn
        case retryIn
        case sendLabel
        case seconds
        case minutes
        case waitClock
        case destinationLabel
        case destinationPlaceholder
        case codeLabel
        case codePlaceholder
        case passwordLabel
        case passwordPlaceholder
        case confirmationLabel
        case confirmationPlaceholder
        case destinationProblem
        case codeSent
        case requestError
        case sendLimit
        case verify
        case verifying
        case verified
        case codeExpiresIn
        case checkError
        case codeReplaced
        case lockOver
        case storeProblem
        case canResendIn
        case canResendNow
        case passwordProblem
        case strength
        case passwordsDiffer
        case terms
        case createAccount
        case creatingAccount
        case accountCreated
        case registrationError
    }
}
