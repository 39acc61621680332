import Crypto
import Foundation
import Logging
import SignUpDomain
import _CryptoExtras

/// The contract's operations (the generated `APIProtocol`) on the ledger and a store. Nothing
/// here throws: a store that fails answers `500` `internal`, and the log says why.
struct VerificationAPI: APIProtocol, DirectOperations {
    let ledger: VerificationLedger
    let store: any VerificationStore
    /// Delivers the codes, each kept pending in the store until its delivery ends.
    let deliveries: Deliveries
    /// Served at `GET /v1/outbox` on a development server only.
    let devOutbox: Outbox?
    let clock: any WallClock
    let logger: Logger
    let policy = PasswordPolicy()
    /// PBKDF2, one hash at a time, off the cooperative pool.
    let hashing: PasswordHashing
    /// The longest a store's call may take before the request answers `500`.
    let databaseTimeout: Duration
    /// Outcomes, deliveries and the database's time.
    let metrics: ServerMetrics
    /// Which phone numbers get codes at all.
    let destinationRules: DestinationRules
    /// The lines at the end of every SMS that let a phone fill its code in.
    let autofill: CodeAutofill
    /// The texts codes go in.
    let texts: MessageTexts

    var rules: VerificationRules { ledger.rules }
    /// The clock read once for a request: the date, it in milliseconds, and the start of the
    /// send window that ends then.
    private func instant() -> (date: Date, now: Int64, since: Int64) {
        let date = clock.now
        let now = date.millisecondsSince1970
        return (date, now, now - rules.sendWindow.milliseconds)
    }

    func sendCode(_ input: Operations.SendCode.Input) async throws -> Operations.SendCode.Output {
        switch input.body {
        case .json(let body): await send(body, from: ClientAddress.current, accepting: MessageLanguage.accepted)
        }
    }

    func send(
        _ body: Components.Schemas.SendCodeRequest, from address: String, accepting accepted: String?
    ) async -> Operations.SendCode.Output {
        if !VerificationDefaults.destinationLengths.contains(body.destination.count) {
            return .badRequest(.init(body: .applicationProblemJson(Self.tooLong("destination"))))
        }
        guard case .success(let destination) = Destination.parse(body.destination) else {
            metrics.send("invalid")
            return .unprocessableContent(.init(body: .applicationProblemJson(Self.invalidDestination)))
        }
        let channel: CodeChannel
        switch destinationRules.channel(
            for: destination, asked: body.channel.flatMap { CodeChannel(rawValue: $0.rawValue) })
        {
        case .success(let decided): channel = decided
        case .failure(let refusal): return refused(refusal, destination)
        }
        // A channel this server cannot deliver by (one a later domain module adds) is refused.
        guard let delivery = CodeMessage.Channel(channel) else { return refused(.channel(channel), destination) }
        let (key, (date, now, since)) = (destination.limitKey, instant())
        let counters = SendCounters(
            address: address, destination: destination.normalized, channel: channel, at: now, rules: rules)
        let language = MessageTemplates.language(accepting: accepted)
        do {
            let (store, ledger, metrics, deliveries) = (store, ledger, metrics, deliveries)
            // The message a code sent goes in, written in the send's transaction as pending, so
            // that a server killed before its delivery ends leaves it to be resumed.
            let id = CodeMessage.newID()
            let record = { @Sendable (code: String) in
                PendingDelivery.Record(
                    message: self.message(code, to: destination, by: delivery, at: date, language: language, id: id),
                    key: key,
                    sentAt: now, counters: counters.all)
            }
            let leaseUntil = now + PendingDelivery.lease.milliseconds
            // Within the database's deadline: the store's decision alone. A code it kept is
            // delivered in a task of its own, started once it is kept, so that neither that
            // deadline nor a request given up cancels it.
            typealias Sent = (VerificationLedger.SendDecision, Task<Deliveries.Outcome, Never>?)
            let (decision, delivery) = try await StoreDeadline.run(databaseTimeout) { () async throws -> Sent in
                let decision = try await metrics.database("send") {
                    try await store.send(
                        key: key, address: address, counters: counters, now: now, since: since,
                        decide: { state in
                            ledger.decideSend(key: key, destination: destination.normalized, state: &state, now: now)
                        },
                        pending: { code in try deliveries.seal.pending(record(code), leaseUntil: leaseUntil) })
                }
                guard case .send(let code, _, _, _) = decision else { return (decision, nil) }
                return (decision, Task { await deliveries.deliver(record(code), endingApart: true) })
            }
            if let delivery, case .failed(let error) = await delivery.value { throw error }
            switch decision {
            case .refuse(let reason, let retryAfter):
                logger.info("send to \(destination.masked) refused: \(reason.rawValue), \(retryAfter) s")
                metrics.send(reason.rawValue)
                if [.sendBudget, .callingCodeBudget, .voiceBudget].contains(reason) {
                    metrics.fraudRefusal(reason.rawValue)
                }
                return .tooManyRequests(Self.tooManyRequests(reason, retryAfter))
            case .send(_, _, _, let resendAfter):
                logger.info("code sent to \(destination.masked) by \(channel)")
                metrics.send("sent")
                metrics.sent(by: channel.rawValue)
                return .ok(
                    .init(
                        body: .json(
                            .init(
                                channel: Components.Schemas.Channel(rawValue: channel.rawValue),
                                resendAfter: resendAfter, codeLifetime: rules.codeLifetime.wholeSeconds,
                                codeLength: rules.codeLength))))
            }
        } catch {
            logger.error("send to \(destination.masked) failed: \(error)")
            metrics.send("failed")
            return .internalServerError(.init(body: .applicationProblemJson(Self.internalError)))
        }
    }

    func checkCode(_ input: Operations.CheckCode.Input) async throws -> Operations.CheckCode.Output {
        switch input.body {
        case .json(let body): await check(body, from: ClientAddress.current)
        }
    }

    func check(_ body: Components.Schemas.CheckCodeRequest, from address: String) async -> Operations.CheckCode.Output {
        if !VerificationDefaults.destinationLengths.contains(body.destination.count) {
            return .badRequest(.init(body: .applicationProblemJson(Self.tooLong("destination"))))
        }
        guard case .success(let destination) = Destination.parse(body.destination) else {
            metrics.check("invalid")
            return .unprocessableContent(.init(body: .applicationProblemJson(Self.invalidDestination)))
        }
        guard body.code.utf8.count <= 32 else {
            return .badRequest(.init(body: .applicationProblemJson(Self.tooLong("code"))))
        }
        let (key, (_, now, since), code) = (destination.limitKey, instant(), body.code)
        do {
            let (store, ledger) = (store, ledger)
            let failures = WindowCounter.addressFailures(address, at: now, rules: rules)
            let decision = try await database("check") {
                try await store.check(key: key, address: address, failures: failures, now: now, since: since) { state in
                    ledger.decideCheck(
                        key: key, destination: destination.normalized, code: code, state: &state, now: now)
                }
            }
            return answer(decision, for: destination)
        } catch {
            logger.error("check for \(destination.masked) failed: \(error)")
            metrics.check("failed")
            return .internalServerError(.init(body: .applicationProblemJson(Self.internalError)))
        }
    }

    func createAccount(_ input: Operations.CreateAccount.Input) async throws -> Operations.CreateAccount.Output {
        if case .json(let body) = input.body, !VerificationDefaults.destinationLengths.contains(body.destination.count)
        {
            return .badRequest(.init(body: .applicationProblemJson(Self.tooLong("destination"))))
        }
        guard case .json(let body) = input.body, case .success(let destination) = Destination.parse(body.destination)
        else {
            metrics.account("invalid")
            return .unprocessableContent(.init(body: .applicationProblemJson(Self.invalidDestination)))
        }
        if body.password.utf8.count > 1_024 || body.proof.utf8.count > 128 {
            let field = body.proof.utf8.count > 128 ? "proof" : "password"
            return .badRequest(.init(body: .applicationProblemJson(Self.tooLong(field))))
        }
        let (proofHash, key, address, password) = (
            ledger.hasher.hash(proof: body.proof), destination.limitKey, ClientAddress.current, Secret(body.password)
        )
        let (store, (_, now, _)) = (store, instant())
        // A proof ending further ahead than its lifetime (the wall clock went back) is over.
        let latest = now + rules.proofLifetime.milliseconds + VerificationLedger.clockTolerance
        do {
            // The cheap checks first: past the address's failures, nothing is hashed.
            let counter = WindowCounter.addressFailures(address, at: now, rules: rules)
            let failures = try await database("failures") { try await store.failures(counter) }
            if failures.count >= rules.addressFailureLimit {
                let retryAfter = VerificationLedger.seconds(
                    until: (failures.oldest ?? now) + rules.sendWindow.milliseconds, from: now)
                logger.info("account for \(destination.masked) refused: the address's failures, \(retryAfter) s")
                metrics.account(LimitReason.rateLimited.rawValue)
                return .tooManyRequests(Self.tooManyRequests(.rateLimited, retryAfter))
            }
            let valid = try await database("proof_is_valid") {
                try await store.proofIsValid(proofHash, forKey: key, now: now, latest: latest)
            }
            guard valid else { return try await refused(proofHash, destination, password, address: address, now: now) }
            if let problem = policy.check(password, account: destination.normalized).problem {
                metrics.account("weak_password")
                return .unprocessableContent(
                    .init(body: .applicationProblemJson(PasswordRefusal.problem(for: problem))))
            }
            // Hashed before the store is asked, so that an existing account answers no sooner.
            let passwordHash = try await hashing.hash(password, for: address)
            let outcome = try await database("create_account") {
                try await store.createAccount(
                    destination: destination.normalized, key: key, proofHash: proofHash, passwordHash: passwordHash,
                    now: now, latest: latest)
            }
            switch outcome {
            case .created:
                logger.info("account created for \(destination.masked)")
                metrics.account("created")
                return Self.created(destination)
            case .exists:
                metrics.account("exists")
                return .conflict(
                    .init(
                        body: .applicationProblemJson(
                            Problems.problem(
                                .accountExists, status: 409, detail: "An account exists for this destination."))))
            case .invalidProof:
                return try await refused(proofHash, destination, password, address: address, now: now)
            }
        } catch is PasswordHashing.Busy {
            logger.warning(
                "account for \(destination.masked) refused: the hashing queue is full (\(hashing.waitingLimit), \(hashing.addressShare) an address)"
            )
            metrics.account("busy")
            return .serviceUnavailable(Self.busy)
        } catch {
            logger.error("account for \(destination.masked) failed: \(error)")
            metrics.account("failed")
            return .internalServerError(.init(body: .applicationProblemJson(Self.internalError)))
        }
    }

    func readOutbox(_ input: Operations.ReadOutbox.Input) async throws -> Operations.ReadOutbox.Output {
        guard let devOutbox else {
            return .notFound(
                .init(
                    body: .applicationProblemJson(
                        Problems.problem(.notFound, status: 404, detail: "The outbox is served with --dev only."))))
        }
        if let destination = input.query.destination, destination.count > 320 {
            return .badRequest(
                .init(
                    body: .applicationProblemJson(
                        Problems.problem(
                            .malformedRequest, status: 400, detail: "The destination is over 320 characters."))))
        }
        let filter = input.query.destination.map { text in
            (try? Destination.parse(text).get()).map(\.normalized) ?? text
        }
        let messages: [Outbox.Message]
        do { messages = try await devOutbox.messages(to: filter) } catch {
            logger.error("reading the outbox failed: \(error)")
            return .internalServerError(.init(body: .applicationProblemJson(Self.internalError)))
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        messages: messages.map {
                            .init(
                                destination: $0.destination,
                                channel: $0.channel.flatMap(Components.Schemas.Channel.init(rawValue:)), code: $0.code,
                                sentAt: $0.sentAt)
                        })
                )))
    }
}
