/// What the verification-code screen shows: a value a UI binds to, rendered from a
/// ``VerificationState``. Every countdown text is read from a deadline and the state's
/// `now`, rounded up: it starts at the full value and never shows 0 while waiting.
public struct VerificationScreen: Hashable, Sendable {
    /// The phone or e-mail field.
    public var destination: FieldView
    /// The region a number typed without `+` is read for, as the picker shows it; nil: none.
    public var region: RegionChoice?
    /// What the picker's search finds, best first, at most five; empty when it holds nothing.
    public var regionMatches: [RegionChoice]
    /// "Get code" / "Sending…" / "Resend in 42s" / "Resend" / "Retry".
    public var sendButton: ButtonView
    /// "Call me", beside Resend once the first wait for a number is over
    /// (``VerificationState/canCall``); nil while it is not offered.
    public var callButton: ButtonView?
    /// The code field; its message tells the expiry or why the code was not accepted.
    public var code: SecretFieldView
    /// "Verify" / "Verifying…".
    public var verifyButton: ButtonView
    /// The screen's message: an error, a limit, a notice, or where the code went.
    public var message: String?
    /// Whether the destination has been verified.
    public var isVerified: Bool

    /// Renders `state` in its configured language.
    public init(_ state: VerificationState) {
        let text = state.config.strings
        var destinationMessage: String?
        if state.destinationEdited, case .failure(let problem) = state.destination {
            destinationMessage = text.destinationProblem(problem)
        } else if state.callWillCome, state.send != .failed(.invalidDestination) {
            destinationMessage = text.landlineNotice
        }
        destination = FieldView(
            text: state.destinationText,
            isEnabled: state.send != .sending && state.check != .checking && !state.isVerified,
            message: destinationMessage, label: text.destinationLabel,
            placeholder: text.destinationPlaceholder)
        region = state.config.region.map { RegionChoice(region: $0, language: state.config.language) }
        regionMatches =
            state.regionSearch.isEmpty
            ? []
            : Array(RegionPicker(language: state.config.language, selected: nil).matches(state.regionSearch).prefix(5))
        sendButton = Self.sendButton(state, text)
        callButton =
            state.canCall ? ButtonView(title: text.callMe, isEnabled: true, accessibilityLabel: text.callMe) : nil
        code = SecretFieldView(
            value: state.code, isEnabled: state.acceptsCode, message: Self.codeMessage(state, text),
            label: text.codeLabel, placeholder: text.codePlaceholder(state.codeLength))
        let checking = state.check == .checking
        verifyButton = ButtonView(
            title: checking ? text.verifying : text.verify,
            isEnabled: state.acceptsCode && state.code.count == state.codeLength,
            accessibilityLabel: text.verify)
        message = Self.message(state, text)
        isVerified = state.isVerified
    }

    private static func sendButton(_ state: VerificationState, _ text: SignUpStrings) -> ButtonView {
        if state.send == .sending {
            return ButtonView(title: text.sending, isEnabled: false, accessibilityLabel: text.sendLabel)
        }
        // The cooldown is `sentTo`'s: a field edited to another destination asks for its first code.
        if state.codeSentElsewhere {
            return ButtonView(title: text.getCode, isEnabled: state.canSend, accessibilityLabel: text.sendLabel)
        }
        if let end = state.cooldownEnd, case let left = state.secondsLeft(until: end), left > 0 {
            let title = state.send == .sent ? text.resendIn(left) : text.retryIn(left)
            return ButtonView(
                title: title, isEnabled: false, accessibilityLabel: text.sendLabel,
                accessibilityValue: text.secondsLeft(left))
        }
        let title =
            switch state.send {
            case .ready, .sending: text.getCode
            case .sent: text.resend
            // A refused destination: no Retry, which could never work; an edit makes it sendable.
            case .failed(.invalidDestination): text.getCode
            // A refused call: the send button texts, which works (for a landline, whose only
            // channel was refused, it waits for an edit).
            case .failed(.channelRefused): state.sentTo == nil ? text.getCode : text.resend
            case .failed: text.retry
            }
        return ButtonView(title: title, isEnabled: state.canSend, accessibilityLabel: text.sendLabel)
    }

    private static func codeMessage(_ state: VerificationState, _ text: SignUpStrings) -> String? {
        switch state.check {
        case .verified: return text.verified
        case .checking: return nil
        case .locked(let end):
            return text.checkError(.locked(retryAfter: .zero), text.waitClock(state.secondsLeft(until: end)))
        case .rejected(.expired):
            // While the send button waits, the message says how long: "Request a new one" alone
            // would point at a button that does not work yet.
            return text.checkError(.expired, nextSendWait(state, text))
        case .rejected(.rateLimited(let wait)):
            let (seconds, attoseconds) = wait.components
            return text.checkError(.rateLimited(retryAfter: wait), text.seconds(seconds + (attoseconds > 0 ? 1 : 0)))
        case .rejected(let error):
            return text.checkError(error, nil)
        case .idle:
            if state.codeMayBeInPlay, state.acceptsCode, state.codeExpiry == nil { return text.enterCodeIfReceived }
            guard let expiry = state.codeExpiry, state.acceptsCode else { return nil }
            return text.codeExpiresIn(text.waitClock(state.secondsLeft(until: expiry)))
        }
    }

    /// How long until the send button works again, in the words of the countdown it waits for:
    /// a send limit's minutes, or a cooldown's clock; nil when it does not wait for time.
    private static func nextSendWait(_ state: VerificationState, _ text: SignUpStrings) -> String? {
        guard !state.isVerified else { return nil }
        if let end = state.sendLimitEnd, state.secondsLeft(until: end) > 0 {
            return text.minutes((state.secondsLeft(until: end) + 59) / 60)
        }
        guard let end = state.cooldownEnd, state.secondsLeft(until: end) > 0 else { return nil }
        return text.waitClock(state.secondsLeft(until: end))
    }

    private static func message(_ state: VerificationState, _ text: SignUpStrings) -> String? {
        if let end = state.sendLimitEnd {
            let minutes = (state.secondsLeft(until: end) + 59) / 60
            return text.sendLimit(text.minutes(minutes))
        }
        if state.send == .sending { return nil }
        if state.codeSentElsewhere, let sentTo = state.sentTo {
            // A refused number or a lost request is about the field as it is now.
            if case .failed(let error) = state.send,
                error.isAboutTheInput
            {
                return text.requestError(error, nil)
            }
            return state.isVerified ? nil : text.codeSentElsewhere(state.config.masked(sentTo))
        }
        // Once verified, how a send failed is nothing to act on.
        if case .failed(let error) = state.send, !state.isVerified {
            let wait = state.cooldownEnd.map { text.seconds(state.secondsLeft(until: $0)) }
            // A limit's message goes once its wait is over: Retry says the rest.
            if case .rateLimited = error, wait == nil { return nil }
            if case .sendLimitReached = error { return nil }
            return text.requestError(error, wait)
        }
        switch state.notice {
        case .codeReplaced:
            // A call is coming: that is what to know first (its code replaces the old one).
            guard state.sentBy == .voice, let sentTo = state.sentTo else { return text.codeReplaced }
            return text.codeCalled(state.config.masked(sentTo))
        case .lockOver: return text.lockOver
        case .storeProblem(let problem): return text.storeProblem(problem)
        case nil: break
        }
        guard let sentTo = state.sentTo, !state.isVerified else { return nil }
        let masked = state.config.masked(sentTo)
        return state.sentBy == .voice ? text.codeCalled(masked) : text.codeSent(masked)
    }
}
