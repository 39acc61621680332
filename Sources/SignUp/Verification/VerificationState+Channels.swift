extension VerificationState {
    /// Whether the call button ("Call me") is offered and can be tapped: once the first wait
    /// for a number that takes texts is over (the send button works again for ``sentTo``), and
    /// ``VerificationConfig/offersCalls``. A landline is not offered it: its every code comes by
    /// call. Nor is it offered while the last answer is the service's refusal of a call.
    public var canCall: Bool {
        // A later code, or an edit, ends the refusal: the next wait offers Call me again.
        guard config.offersCalls, canSend, !codeSentElsewhere, let sentTo, case .phone = sentTo else { return false }
        guard send != .failed(.channelRefused(.voice)) else { return false }
        return CodeChannel.default(for: sentTo) == .sms
    }

    /// Whether the destination field holds a landline that no code went to yet: the screen
    /// says at once that a call will bring the code (`CodeChannel.default(for:)` is voice). Not
    /// with ``VerificationConfig/offersCalls`` false (the backend makes no calls), nor once the
    /// service refused it the call.
    public var callWillCome: Bool {
        guard config.offersCalls, !defaultChannelRefused, case .success(let target) = destination, case .phone = target,
            sentTo != target
        else { return false }
        return CodeChannel.default(for: target) == .voice
    }

    /// Whether the service refused the field's destination its default channel (a landline's
    /// call): no other reaches it, so sending again waits for an edit, as for a refused
    /// destination.
    var defaultChannelRefused: Bool {
        guard case .failed(.channelRefused(let channel)) = send, case .success(let target) = destination else {
            return false
        }
        return channel == CodeChannel.default(for: target)
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
