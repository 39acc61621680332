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
            return .tooManyRequests(Self.tooManyRequests(reason, retryAfter))
        case .lock(_, let retryAfter):
            logger.notice("\(destination.masked) locked after too many wrong codes")
            return .tooManyRequests(Self.tooManyRequests(.locked, retryAfter))
        case .expired:
            return .gone(
                .init(
                    body: .applicationProblemJson(
                        Problems.problem(
                            .expired, status: 410, detail: "The code has expired or was used; request a new one."))))
        case .superseded:
            return .gone(
                .init(
                    body: .applicationProblemJson(
                        Problems.problem(
                            .superseded, status: 410, detail: "A newer code was sent; enter the latest one."))))
        case .wrong(_, let attemptsLeft):
            return .unprocessableContent(
                .init(
                    body: .applicationProblemJson(
                        Problems.problem(
                            .wrongCode, status: 422,
                            detail: "Wrong code; \(attemptsLeft) \(attemptsLeft == 1 ? "attempt" : "attempts") left.",
                            attemptsLeft: attemptsLeft))))
        case .verified(_, let proof, _, _, _):
            logger.info("\(destination.masked) verified")
            return .ok(.init(body: .json(.init(proof: proof, proofLifetime: rules.proofLifetime.wholeSeconds))))
        }
    }

    static func created(_ destination: Destination) -> Operations.CreateAccount.Output {
        .created(.init(body: .json(.init(account: destination.normalized))))
    }

    /// Whether this request is one that already made its account, its answer lost: the proof
    /// made the account of `destination`, with this very password.
    func isReplay(of proofHash: [UInt8], for destination: Destination, password: Secret) async throws -> Bool {
        let store = store
        let made = try await StoreDeadline.run(databaseTimeout) {
            try await store.accountMade(with: proofHash, for: destination.normalized)
        }
        guard let made else { return false }
        return try Self.password(password, matches: made)
    }

    /// Whether `password` is the one `stored` (``hashPassword(_:)``'s form) was made from.
    static func password(_ password: Secret, matches stored: String) throws -> Bool {
        let parts = stored.split(separator: "$")
        guard parts.count == 4, parts[0] == "pbkdf2-sha256", let rounds = Int(parts[1]),
            let salt = Data(base64Encoded: String(parts[2])), let expected = Data(base64Encoded: String(parts[3]))
        else { return false }
        let key = try KDF.Insecure.PBKDF2.deriveKey(
            from: Array(password.revealed.utf8), salt: Array(salt), using: .sha256, outputByteCount: expected.count,
            rounds: rounds)
        return key.withUnsafeBytes { CodeHasher.constantTimeEqual(Array($0), Array(expected)) }
    }

    /// `pbkdf2-sha256$ROUNDS$SALT$HASH`, salt and hash in base64: PBKDF2 with SHA-256, a random
    /// 16-byte salt, 210 000 rounds.
    static func hashPassword(_ password: Secret) throws -> String {
        let rounds = 210_000
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let key = try KDF.Insecure.PBKDF2.deriveKey(
            from: Array(password.revealed.utf8), salt: salt, using: .sha256, outputByteCount: 32, rounds: rounds)
        let hash = key.withUnsafeBytes { Data($0).base64EncodedString() }
        return "pbkdf2-sha256$\(rounds)$\(Data(salt).base64EncodedString())$\(hash)"
    }
}
