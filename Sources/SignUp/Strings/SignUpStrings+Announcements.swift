extension SignUpStrings {
    /// The words of `announcement`: the same as the screen's for the same event; a destination
    /// is said as `config` masks it.
    func announcement(_ announcement: Announcement, config: VerificationConfig) -> String {
        switch announcement {
        case .codeSent(let destination): codeSent(config.masked(destination))
        case .resendIn(let wait): canResendIn(seconds(wait))
        case .resendAvailable: canResendNow
        case .verified: verified
        case .requestFailed(let error): requestError(error, Self.wait(of: error).map(seconds))
        case .codeRejected(let error): checkError(error, Self.wait(of: error).map(waitClock))
        }
    }

    private static func wait(of error: CodeRequestError) -> Int64? {
        switch error {
        case .rateLimited(let wait), .sendLimitReached(let wait): wholeSecondsRoundedUp(wait)
        case .network, .serviceUnavailable, .invalidDestination: nil
        }
    }

    private static func wait(of error: CodeCheckError) -> Int64? {
        switch error {
        case .locked(let wait), .rateLimited(let wait): wholeSecondsRoundedUp(wait)
        case .wrongCode, .expired, .superseded, .network, .serviceUnavailable: nil
        }
    }

    /// Rounded up, as the screen's countdowns are: 1.5 s is said as 2 seconds, like "Retry in 2s".
    private static func wholeSecondsRoundedUp(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds + (attoseconds > 0 ? 1 : 0)
    }
}
