extension SignUpStrings {
    /// The words of `announcement`, made in `state` (the state the event left): the screen's own
    /// for the same event. A failure is said as the screen's message says it (a send limit's wait
    /// in minutes, an expired code with the cooldown left), a destination as the configuration
    /// masks it.
    func announcement(_ announcement: Announcement, in state: VerificationState) -> String {
        switch announcement {
        case .codeSent(let destination):
            state.sentBy == .voice
                ? codeCalled(state.config.masked(destination)) : codeSent(state.config.masked(destination))
        case .resendIn(let wait): canResendIn(seconds(wait))
        case .resendAvailable: canResendNow
        case .verified: verified
        case .requestFailed(let error):
            VerificationScreen(state).message ?? requestError(error, Self.wait(of: error).map(seconds))
        case .codeRejected(let error):
            VerificationScreen(state).code.message ?? checkError(error, Self.wait(of: error).map(waitClock))
        }
    }

    private static func wait(of error: CodeRequestError) -> Int64? {
        switch error {
        case .rateLimited(let wait), .sendLimitReached(let wait): wholeSecondsRoundedUp(wait)
        case .network, .serviceUnavailable, .invalidDestination, .channelRefused: nil
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
