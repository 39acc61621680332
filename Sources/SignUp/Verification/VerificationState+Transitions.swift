public import Hourglass
public import PhoneNumbers

/// An input to the verification screen's state machine.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum VerificationEvent: Hashable, Sendable {
    /// The destination field changed.
    case destinationChanged(String)
    /// The send button was tapped.
    case sendTapped
    /// The call button ("Call me") was tapped: a code by call.
    case callTapped
    /// The service answered a code request.
    case codeRequestFinished(Result<CodeReceipt, CodeRequestError>)
    /// The code field changed (a keystroke, a paste or an autofill).
    case codeChanged(String)
    /// The verify button was tapped (to check a complete code again, e.g. after a network error).
    case verifyTapped
    /// The service answered a code check.
    case codeCheckFinished(Result<VerificationProof, CodeCheckError>)
    /// A countdown reached one of its boundaries.
    case tick(VerificationCountdown)
    /// A saved cooldown was loaded after a restart.
    case restored(CooldownSnapshot)
    /// The store could not read or write the cooldown.
    case storeFailed(CooldownStoreProblem)
    /// The server refused the proof of this verification (expired, used, or for another
    /// destination): the screen goes back to the code step for the same destination.
    case proofRejected
    /// The region picker's search changed.
    case regionSearchChanged(String)
    /// A region was chosen in the picker: a number typed without `+` is read and formatted
    /// for it.
    case regionChosen(PhoneRegion)
}

extension VerificationState {
    /// The state machine: applies `event`, which happened at `now`, and returns what the
    /// runtime must do. Pure: no clock, no service, no store.
    public mutating func apply(_ event: VerificationEvent, at now: TimerInstant) -> [VerificationEffect] {
        self.now = max(self.now, now)
        switch event {
        case .destinationChanged(let text):
            // The field is disabled while a code is requested or checked and once verified: the
            // reply and the proof belong to the destination they were asked for.
            guard send != .sending, check != .checking, !isVerified else { return [] }
            // A number typed with `+` moves the picker to its region (RegionPicker.follow).
            config.region = RegionPicker.region(following: text, from: config.region)
            editDestination(text)
            return []
        case .regionSearchChanged(let text):
            regionSearch = String(text.prefix(64))
            return []
        case .regionChosen(let region):
            guard send != .sending, check != .checking, !isVerified else { return [] }
            (config.region, regionSearch) = (region, "")
            if !destinationText.isEmpty { editDestination(destinationText) }
            return []
        case .sendTapped:
            return requestCode(calling: false)
        case .callTapped:
            return canCall ? requestCode(calling: true) : []
        case .codeRequestFinished(let result):
            return finishRequest(result)
        case .codeChanged(let text):
            return changeCode(text)
        case .verifyTapped:
            return checkCode()
        case .codeCheckFinished(let result):
            return finishCheck(result)
        case .tick(let countdown):
            return tick(countdown)
        case .restored(let snapshot):
            return restore(snapshot)
        case .storeFailed(let problem):
            notice = .storeProblem(problem)
            return []
        case .proofRejected:
            // Back to the code step, the destination kept: its code is used, a new one is needed.
            guard isVerified else { return [] }
            (check, code, codeExpiry, codeMayBeInPlay) = (.rejected(.expired), .empty, nil, false)
            return []
        }
    }

    /// Whether the send button can be tapped now. The cooldown and a lock belong to ``sentTo``
    /// (the server keeps both per destination): a field edited to another destination may ask
    /// for its code at once. The send limit counts every send.
    public var canSend: Bool {
        guard case .success = destination, send != .sending, !isVerified, check != .checking else { return false }
        guard sendLimitEnd == nil else { return false }
        // The service refused this destination: sending it again cannot work, so the button
        // waits for an edit (which makes the send ready again).
        guard send != .failed(.invalidDestination), !defaultChannelRefused else { return false }
        if codeSentElsewhere { return true }
        if case .locked = check { return false }
        return cooldownEnd == nil
    }

    /// Whether a code step was started for ``sentTo`` while the field now holds another
    /// destination (or none that parses): the code field is closed until the field names
    /// ``sentTo`` again or a code is sent to the new one.
    public var codeSentElsewhere: Bool {
        guard let sentTo else { return false }
        return destination != .success(sentTo)
    }

    /// Whether the code in play has been verified.
    public var isVerified: Bool {
        if case .verified = check { return true }
        return false
    }

    /// Whether the code field takes input.
    public var acceptsCode: Bool {
        guard sentTo != nil, !codeSentElsewhere, codeExpiry != nil || codeMayBeInPlay else { return false }
        switch check {
        case .idle, .rejected: return true
        case .checking, .verified, .locked: return false
        }
    }

    private mutating func requestCode(calling: Bool) -> [VerificationEffect] {
        guard canSend, case .success(let target) = destination else { return [] }
        let (now, window) = (now, config.sendWindow)
        sendTimes.removeAll { now - $0 >= window }
        if sendTimes.count >= config.sendLimit, let oldest = sendTimes.first {
            let end = oldest + config.sendWindow
            sendLimitEnd = end
            return [.startCountdown(.sendLimit, until: end)]
        }
        send = .sending
        notice = nil
        self.calling = calling
        return [calling ? .requestCall(target) : .requestCode(target)]
    }

    private mutating func finishRequest(_ result: Result<CodeReceipt, CodeRequestError>) -> [VerificationEffect] {
        guard send == .sending, case .success(let target) = destination else { return [] }
        if isVerified {
            (send, calling) = (.sent, false)
            return []
        }
        switch result {
        case .success(let receipt):
            var effects: [VerificationEffect] = []
            // Only a code this screen saw sent and still live is "replaced"; a possible one is not told.
            if sentTo == target, codeExpiry != nil { notice = .codeReplaced }
            if sentTo != target, case .locked = check {
                // A lock is its destination's: a code for another one starts clear of it.
                check = .idle
                effects.append(.stopCountdown(.lock))
            }
            send = .sent
            sentTo = target
            sentBy = receipt.channel ?? (calling ? .voice : CodeChannel.default(for: target))
            calling = false
            code = .empty
            codeMayBeInPlay = false
            codeLength = receipt.codeLength.map(VerificationConfig.codeLengths.clamp) ?? config.codeLength
            if case .locked = check {} else { check = .idle }
            sendTimes.append(now)
            cooldownLength = receipt.resendAfter ?? config.cooldown
            codeLifetime = receipt.codeLifetime
            let cooldown = now + cooldownLength
            let expiry = now + receipt.codeLifetime
            (cooldownEnd, codeExpiry) = (cooldown, expiry)
            return effects + [
                .startCountdown(.cooldown, until: cooldown), .startCountdown(.codeExpiry, until: expiry),
                .save(snapshot(of: target)), .announce(.codeSent(target)),
            ]
        case .failure(let error):
            send = .failed(error)
            calling = false
            switch error {
            // A server's wait is kept like a cooldown, so a restart does not forget it; and a 429
            // means a code may be in play for `target` (an answer lost, another device), so the
            // code field opens for it.
            case .rateLimited(let wait):
                let effects = holdPossibleCode(for: target)
                cooldownEnd = now + wait
                cooldownLength = wait
                return effects + [.startCountdown(.cooldown, until: now + wait)] + [.save(snapshot(of: target))]
                    + [.announce(.requestFailed(error))]
            case .sendLimitReached(let wait):
                let effects = holdPossibleCode(for: target)
                sendLimitEnd = now + wait
                return effects + [.startCountdown(.sendLimit, until: now + wait)] + [.save(snapshot(of: target))]
                    + [.announce(.requestFailed(error))]
            case .network, .serviceUnavailable, .invalidDestination, .channelRefused:
                return [.announce(.requestFailed(error))]
            }
        }
    }

    /// The field holds `text` now, formatted for the region in effect (DestinationField).
    private mutating func editDestination(_ text: String) {
        destinationText = DestinationField.formatted(text, region: config.region)
        destinationEdited = true
        destination = config.destination(from: destinationText)
        // A refused number or channel, or a request that never arrived, is about the old input.
        if case .failed(let error) = send, error.isAboutTheInput {
            send = sentTo == nil ? .ready : .sent
            calling = false
        }
        // The code step belongs to `sentTo`: a code half typed for it does not follow the edit.
        if codeSentElsewhere { code = .empty }
    }

    private mutating func changeCode(_ text: String) -> [VerificationEffect] {
        guard acceptsCode else { return [] }
        // Digits of any script, or the code of a whole message pasted (CodeReading).
        code = Secret(CodeReading.code(in: text, length: codeLength))
        if case .rejected = check { check = .idle }
        return code.count == codeLength ? checkCode() : []
    }

    private mutating func checkCode() -> [VerificationEffect] {
        guard acceptsCode, code.count == codeLength, let target = sentTo else { return [] }
        check = .checking
        return [.checkCode(code, for: target)]
    }

    private mutating func finishCheck(_ result: Result<VerificationProof, CodeCheckError>) -> [VerificationEffect] {
        guard check == .checking else { return [] }
        switch result {
        case .success(let proof):
            check = .verified(proof)
            notice = nil
            codeMayBeInPlay = false
            (cooldownEnd, codeExpiry) = (nil, nil)
            return [.stopCountdown(.codeExpiry), .stopCountdown(.cooldown), .clearSaved, .announce(.verified)]
        case .failure(.locked(let wait)):
            // The lock kills the code: when it ends, a new one is needed.
            check = .locked(until: now + wait)
            code = .empty
            codeExpiry = nil
            codeMayBeInPlay = false
            return [.stopCountdown(.codeExpiry), .startCountdown(.lock, until: now + wait)]
                + (sentTo.map { [.save(snapshot(of: $0))] } ?? [])
                + [.announce(.codeRejected(.locked(retryAfter: wait)))]
        case .failure(let error) where error.leavesCodeUsable:
            // The code may still be right: it stays, for Verify after the wait.
            check = .rejected(error)
            return [.announce(.codeRejected(error))]
        case .failure(let error):
            check = .rejected(error)
            code = .empty
            if error == .expired { codeExpiry = nil }
            // No code is in play any more: the server said so.
            if error == .expired || error == .superseded { codeMayBeInPlay = false }
            return (error == .expired ? [.stopCountdown(.codeExpiry)] : []) + [.announce(.codeRejected(error))]
        }
    }

    private mutating func tick(_ countdown: VerificationCountdown) -> [VerificationEffect] {
        switch countdown {
        case .cooldown:
            guard let end = cooldownEnd else { return [] }
            let left = secondsLeft(until: end)
            if left > 0 {
                // Only when the button will then work: not while locked, not once verified.
                let useful = !isVerified && { if case .locked = check { false } else { true } }()
                return useful && (left == 30 || left == 10) ? [.announce(.resendIn(seconds: left))] : []
            }
            cooldownEnd = nil
            return canSend && check != .checking ? [.announce(.resendAvailable)] : []
        case .codeExpiry:
            guard let end = codeExpiry, secondsLeft(until: end) == 0 else { return [] }
            codeExpiry = nil
            if notice == .codeReplaced { notice = nil }
            switch check {
            case .idle, .rejected:
                check = .rejected(.expired)
                code = .empty
                return [.announce(.codeRejected(.expired))]
            case .checking, .verified, .locked:
                return []
            }
        case .lock:
            guard case .locked(let end) = check, secondsLeft(until: end) == 0 else { return [] }
            // With the code expired meanwhile, the code field says so; "try again" would mislead.
            check = codeExpiry == nil ? .rejected(.expired) : .idle
            notice = codeExpiry == nil ? nil : .lockOver
            if canSend { return [.announce(.resendAvailable)] }
            // No new code yet: the code field's change is said, as the code's own expiry says it.
            return codeExpiry == nil ? [.announce(.codeRejected(.expired))] : []
        case .sendLimit:
            guard let end = sendLimitEnd, secondsLeft(until: end) == 0 else { return [] }
            sendLimitEnd = nil
            return canSend ? [.announce(.resendAvailable)] : []
        }
    }

    private mutating func restore(_ saved: CooldownSnapshot) -> [VerificationEffect] {
        destinationText = config.formatted(saved.destination)
        destination = .success(saved.destination)
        cooldownLength = saved.cooldownLength
        sendTimes = saved.sendAges.map { now - $0 }.sorted()
        codeLength = saved.codeLength.map(VerificationConfig.codeLengths.clamp) ?? config.codeLength
        codeMayBeInPlay = saved.codeMayBeInPlay
        var effects: [VerificationEffect] = []
        if saved.hasCode || saved.codeMayBeInPlay { sentTo = saved.destination }
        if saved.hasCode { sentBy = saved.channel ?? CodeChannel.default(for: saved.destination) }
        if saved.hasCode {
            send = .sent
            codeLifetime = saved.codeLifetime
        } else if saved.cooldownLeft > .zero {
            // A 429 before any code: the server's wait, as its answer showed it.
            send = .failed(.rateLimited(retryAfter: saved.cooldownLeft))
        }
        if saved.cooldownLeft > .zero {
            cooldownEnd = now + saved.cooldownLeft
            effects.append(.startCountdown(.cooldown, until: now + saved.cooldownLeft))
        }
        if saved.sendLimitLeft > .zero {
            sendLimitEnd = now + saved.sendLimitLeft
            effects.append(.startCountdown(.sendLimit, until: now + saved.sendLimitLeft))
        }
        if saved.hasCode, saved.codeLeft > .zero {
            codeExpiry = now + saved.codeLeft
            effects.append(.startCountdown(.codeExpiry, until: now + saved.codeLeft))
        } else if saved.hasCode, !saved.codeMayBeInPlay {
            check = .rejected(.expired)
        }
        if saved.lockLeft > .zero {
            check = .locked(until: now + saved.lockLeft)
            effects.append(.startCountdown(.lock, until: now + saved.lockLeft))
        }
        return effects
    }

    /// The cooldown as it stands now, relative, for the store.
    func snapshot(of target: Destination) -> CooldownSnapshot {
        var lockLeft = Duration.zero
        if case .locked(let end) = check { lockLeft = max(.zero, end - now) }
        return CooldownSnapshot(
            destination: target,
            cooldownLeft: cooldownEnd.map { max(.zero, $0 - now) } ?? .zero, cooldownLength: cooldownLength,
            codeLeft: codeExpiry.map { max(.zero, $0 - now) } ?? .zero, codeLifetime: codeLifetime,
            sendAges: sendTimes.map { now - $0 },
            sendLimitLeft: sendLimitEnd.map { max(.zero, $0 - now) } ?? .zero, lockLeft: lockLeft,
            codeMayBeInPlay: codeMayBeInPlay, codeLength: codeLength == config.codeLength ? nil : codeLength,
            channel: codeLifetime > .zero && sentBy != CodeChannel.default(for: target) ? sentBy : nil)
    }

    /// After a 429 for `target`: the code step moves to `target` (a code for another destination
    /// is left), and unless a code this screen saw sent is still live, a code may be in play
    /// there that the field must take.
    private mutating func holdPossibleCode(for target: Destination) -> [VerificationEffect] {
        var effects: [VerificationEffect] = []
        if sentTo != target {
            if case .locked = check { effects.append(.stopCountdown(.lock)) }
            if codeExpiry != nil { effects.append(.stopCountdown(.codeExpiry)) }
            sentTo = target
            (code, codeExpiry, codeLifetime, check, notice, sentBy) = (.empty, nil, .zero, .idle, nil, nil)
            codeLength = config.codeLength
        }
        guard codeExpiry == nil else { return effects }
        codeMayBeInPlay = true
        if case .rejected = check { check = .idle }
        return effects
    }

    /// Whole seconds left until `end`, rounded up; never negative.
    func secondsLeft(until end: TimerInstant) -> Int64 {
        guard end > now else { return 0 }
        return (end.nanoseconds - now.nanoseconds - 1) / 1_000_000_000 + 1
    }
}

extension CodeCheckError {
    /// Whether the code may still be right after this answer: it never reached the server, or
    /// the server only asked to wait.
    fileprivate var leavesCodeUsable: Bool {
        switch self {
        case .network, .serviceUnavailable, .rateLimited: true
        case .wrongCode, .expired, .superseded, .locked: false
        }
    }
}
