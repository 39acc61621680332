import Crypto
import Foundation
import Logging
import SignUpDomain
import _CryptoExtras

extension VerificationAPI {
    static let invalidDestination = Problems.problem(
        .invalidDestination, status: 422,
        detail: "The destination is no valid phone number with its country code, nor an e-mail address.")

    /// A field shorter or longer than the contract allows.
    static func tooLong(_ field: String) -> Components.Schemas.Problem {
        Problems.problem(
            .malformedRequest, status: 400, detail: "The \(field)'s length is outside what the contract allows.")
    }

    static let internalError = Problems.problem(.internal, status: 500, detail: "The server failed; try again later.")

    static func tooManyRequests(_ reason: LimitReason, _ retryAfter: Int) -> Components.Responses.TooManyRequests {
        let detail =
            switch reason {
            case .rateLimited: "Too many requests; retry in \(retryAfter) s."
            case .sendLimit: "Too many codes for this destination; retry in \(retryAfter) s."
            case .locked: "Too many wrong codes; this destination is locked for \(retryAfter) s."
            case .sendBudget: "The server's budget of codes is spent; retry in \(retryAfter) s."
            case .callingCodeBudget:
                "The server's budget of codes to this country calling code is spent; retry in \(retryAfter) s."
            case .voiceBudget: "The server's budget of calls is spent; retry in \(retryAfter) s."
            case .region, .numberType, .channel: "Too many requests; retry in \(retryAfter) s."
            }
        return .init(
            headers: .init(retryAfter: String(retryAfter)),
            body: .applicationProblemJson(
                Problems.problem(.tooManyRequests, status: 429, detail: detail, reason: reason, retryAfter: retryAfter))
        )
    }

    /// The answer to a check's decision.
    func answer(_ decision: VerificationLedger.CheckDecision, for destination: Destination)
        -> Operations.CheckCode
        .Output
    {
        switch decision {
        case .refuse(let reason, let retryAfter):
            logger.info("check for \(destination.masked) refused: \(reason.rawValue), \(retryAfter) s")
            metrics.check(reason.rawValue)
            return .tooManyRequests(Self.tooManyRequests(reason, retryAfter))
        case .lock(_, let retryAfter):
            logger.notice("\(destination.masked) locked after too many wrong codes")
            metrics.check("locked")
            return .tooManyRequests(Self.tooManyRequests(.locked, retryAfter))
        case .expired:
            metrics.check("expired")
            return .gone(
                .init(
                    body: .applicationProblemJson(
                        Problems.problem(
                            .expired, status: 410, detail: "The code has expired or was used; request a new one."))))
        case .superseded:
            metrics.check("superseded")
            return .gone(
                .init(
                    body: .applicationProblemJson(
                        Problems.problem(
                            .superseded, status: 410, detail: "A newer code was sent; enter the latest one."))))
        case .wrong(_, let attemptsLeft):
            metrics.check("wrong")
            return .unprocessableContent(
                .init(
                    body: .applicationProblemJson(
                        Problems.problem(
                            .wrongCode, status: 422,
                            detail: "Wrong code; \(attemptsLeft) \(attemptsLeft == 1 ? "attempt" : "attempts") left.",
                            attemptsLeft: attemptsLeft))))
        case .verified(_, let proof, _, _, _):
            logger.info("\(destination.masked) verified")
            metrics.check("verified")
            return .ok(.init(body: .json(.init(proof: proof, proofLifetime: rules.proofLifetime.wholeSeconds))))
        }
    }

    /// The message carrying `code` to `destination`, in `language`.
    func message(
        _ code: String, to destination: Destination, by channel: CodeMessage.Channel, at date: Date, language: String,
        id: String
    ) -> CodeMessage {
        let lifetime = rules.codeLifetime.wholeSeconds
        let text =
            channel == .voice
            ? texts.spoken(code: code, language: language)
            : texts.message(
                code: code, minutes: (lifetime + 59) / 60, language: language,
                autofill: channel == .sms ? autofill : nil)
        return CodeMessage(
            destination: destination.normalized, channel: channel, code: code, language: language,
            text: text,
            sentAt: date, expiresAt: date.addingTimeInterval(TimeInterval(lifetime)), id: id,
            segments: channel == .sms ? SMSLength(text).segments : nil)
    }

    static func created(_ destination: Destination) -> Operations.CreateAccount.Output {
        .created(.init(body: .json(.init(account: destination.normalized))))
    }

    static let busy = Components.Responses.Busy(
        headers: .init(retryAfter: "1"),
        body: .applicationProblemJson(
            Problems.problem(
                .busy, status: 503, detail: "Too many passwords are being hashed; retry in 1 s.", retryAfter: 1)))

    /// The answer to an account request whose proof was not valid: `201` again when it is one
    /// that already made its account (the same proof and password, within the proof's
    /// lifetime: its first answer was lost), else `403`, the attempt counted among the
    /// address's failures.
    func refused(
        _ proofHash: [UInt8], _ destination: Destination, _ password: Secret, address: String, now: Int64
    ) async throws -> Operations.CreateAccount.Output {
        let (store, key) = (store, destination.limitKey)
        let made = try await database("account_made") {
            try await store.accountMade(
                with: proofHash, forKey: key, now: now,
                latest: now + rules.proofLifetime.milliseconds + VerificationLedger.clockTolerance)
        }
        // A replay answers a lost 201 again, a few times at most: each costs a PBKDF2, and a
        // proof replayed thousands of times would be a free way to fill the hashing queue.
        // Counted before it is read, so that replays at one instant never pass the limit.
        if let made {
            let replays = Self.replays(of: proofHash, at: now, rules: rules)
            try await database("log_replay") { try await store.logFailure(replays) }
            let count = try await database("replays") { try await store.failures(replays) }.count
            if count <= Self.replayLimit, try await hashing.verify(password, matches: made.passwordHash, for: address) {
                metrics.account("replayed")
                return .created(.init(body: .json(.init(account: made.destination))))
            }
        }
        let failures = WindowCounter.addressFailures(address, at: now, rules: rules)
        try await database("log_failure") { try await store.logFailure(failures) }
        metrics.account("invalid_proof")
        let invalidProof = Problems.problem(
            .invalidProof, status: 403, detail: "The proof is unknown, used, expired or for another destination.")
        return .forbidden(.init(body: .applicationProblemJson(invalidProof)))
    }

    /// The most times one proof's account answer is replayed in a window of its lifetime: a
    /// lost `201` or two, retried. A proof's life may straddle two such windows (they start at
    /// multiples of the lifetime since 1970): 6 replays at most in all.
    static let replayLimit = 3

    /// The counter of `proofHash`'s replays, in a window of the proof's lifetime.
    static func replays(of proofHash: [UInt8], at now: Int64, rules: VerificationRules) -> WindowCounter {
        WindowCounter(
            "replays:" + proofHash.map { String(format: "%02x", $0) }.joined(), at: now, window: rules.proofLifetime)
    }

    /// Runs one of the store's calls within the database's deadline, timed.
    func database<Value: Sendable>(
        _ operation: String, _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let metrics = metrics
        return try await StoreDeadline.run(databaseTimeout) { try await metrics.database(operation, body) }
    }

    /// The answer to a send that `refusal` forbids.
    func refused(_ refusal: DestinationRules.Refusal, _ destination: Destination) -> Operations.SendCode.Output {
        let (reason, detail, rule): (LimitReason, String, String) =
            switch refusal {
            case .region(let region): (.region, "No codes are sent to phone numbers of region \(region).", "region")
            case .numberType(let type):
                (.numberType, "No codes are sent to \(DestinationRules.name(of: type)) numbers.", "number_type")
            case .channel(let channel):
                (.channel, "No code can reach this destination by \(channel).", "channel")
            }
        logger.info("send to \(destination.masked) refused: \(detail)")
        metrics.send("refused")
        // A channel that cannot reach the destination is no fraud rule: nothing was tried.
        if rule != "channel" { metrics.fraudRefusal(rule) }
        return .unprocessableContent(
            .init(
                body: .applicationProblemJson(
                    Problems.problem(.destinationRefused, status: 422, detail: detail, reason: reason))))
    }
}
