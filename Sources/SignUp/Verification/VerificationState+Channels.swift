extension VerificationState {
    /// Whether the call button ("Call me") is offered and can be tapped: once the first wait
    /// for a number that takes texts is over (the send button works again for ``sentTo``), and
    /// ``VerificationConfig/offersCalls``. A landline is not offered it: its every code comes by
    /// call. Nor is a number whose call the service refused, until the field is edited.
    public var canCall: Bool {
        guard config.offersCalls, canSend, !codeSentElsewhere, let sentTo, case .phone = sentTo else { return false }
        guard send != .failed(.channelRefused(.voice)) else { return false }
        return CodeChannel.default(for: sentTo) == .sms
    }

    /// Whether the destination field holds a landline that no code went to yet: the screen
    /// says at once that a call will bring the code (`CodeChannel.default(for:)` is voice).
    public var callWillCome: Bool {
        guard case .success(let target) = destination, case .phone = target, sentTo != target else { return false }
        return CodeChannel.default(for: target) == .voice
    }
}

extension CodeRequestError {
    /// Whether this failure is about the field as it was, so that an edit clears it: a refused
    /// destination or channel, or a request that never arrived.
    var isAboutTheInput: Bool {
        switch self {
        case .invalidDestination, .channelRefused, .network, .serviceUnavailable: true
        case .rateLimited, .sendLimitReached: false
        }
    }
}
