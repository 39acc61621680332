import Hourglass

/// What the scripted service knows: its settings, what it was told to do next, and the codes,
/// locks, accounts and proofs it keeps.
struct ScriptedServiceState {
    var settings: ScriptedServiceSettings
    var requestFailures: [CodeRequestError] = []
    var checkFailures: [CodeCheckError] = []
    var registrationFailures: [RegistrationError] = []
    var nextCodes: [String] = []
    var issued = 0
    var codes: [Destination: IssuedCode] = [:]
    var lockedUntil: [Destination: TimerInstant] = [:]
    var accounts: Set<Destination> = []
    var proofs: [String: Destination] = [:]

    /// Sends a code to `destination` at `now` (it arrives after the latency), by `channel` (nil:
    /// the destination's default), unless told to fail. A refusal of a channel told waits for a
    /// request by that channel: `failNextRequest(with: .channelRefused(.voice))` refuses the next
    /// call, and the texts before it go.
    mutating func sendCode(
        to destination: Destination, by channel: CodeChannel? = nil, at now: TimerInstant
    ) -> Result<CodeReceipt, CodeRequestError> {
        let used = channel ?? CodeChannel.default(for: destination)
        if let failure = requestFailures.first {
            if case .channelRefused(let refused) = failure, refused != used {
                // Not this request's channel: the refusal waits for its own.
            } else {
                return .failure(requestFailures.removeFirst())
            }
        }
        if channel != nil, !used.reaches(destination) { return .failure(.channelRefused(used)) }
        issued += 1
        let code =
            nextCodes.isEmpty
            ? ScriptedVerificationService.generatedCode(issued, length: settings.codeLength) : nextCodes.removeFirst()
        let sentAt = now + settings.latency
        codes[destination] = IssuedCode(
            code: code, expires: sentAt + settings.codeLifetime,
            previous: (codes[destination].map { [$0.code] + $0.previous }) ?? [], wrongAttempts: 0)
        return .success(
            CodeReceipt(
                resendAfter: settings.resendAfter, codeLifetime: settings.codeLifetime, codeLength: settings.codeLength,
                channel: used))
    }

    /// Checks a code at `now`.
    mutating func check(_ code: String, for destination: Destination, at now: TimerInstant) -> Result<
        VerificationProof, CodeCheckError
    > {
        if !checkFailures.isEmpty { return .failure(checkFailures.removeFirst()) }
        if let until = lockedUntil[destination], until > now { return .failure(.locked(retryAfter: until - now)) }
        guard var issuedCode = codes[destination] else { return .failure(.expired) }
        if code == issuedCode.code {
            guard now < issuedCode.expires else { return .failure(.expired) }
            codes[destination] = nil
            let token = "proof-\(proofs.count + 1)"
            proofs[token] = destination
            return .success(VerificationProof(token: Secret(token)))
        }
        if issuedCode.previous.contains(code) { return .failure(.superseded) }
        issuedCode.wrongAttempts += 1
        codes[destination] = issuedCode
        let left = settings.maxAttempts - issuedCode.wrongAttempts
        guard left <= 0 else { return .failure(.wrongCode(attemptsLeft: left)) }
        codes[destination] = nil
        lockedUntil[destination] = now + settings.lockDuration
        return .failure(.locked(retryAfter: settings.lockDuration))
    }

    /// Creates the account if `request` carries a proof for it and it does not exist yet.
    mutating func register(_ request: RegistrationRequest) -> Result<Void, RegistrationError> {
        if !registrationFailures.isEmpty { return .failure(registrationFailures.removeFirst()) }
        // A proof is for one destination and one account: unknown, used or for another, refused.
        guard proofs[request.proof.token.revealed] == request.account else { return .failure(.proofRejected) }
        guard accounts.insert(request.account).inserted else { return .failure(.accountExists) }
        proofs[request.proof.token.revealed] = nil
        return .success(())
    }
}

/// A code the scripted service sent.
struct IssuedCode {
    var code: String
    var expires: TimerInstant
    var previous: [String]
    var wrongAttempts: Int
}
