import Crypto
import Dispatch
import Foundation
import SignUpDomain
import Synchronization
import _CryptoExtras

/// PBKDF2 (`pbkdf2-sha256`, 210 000 rounds, about 30 ms a hash on this project's machine), run
/// one hash at a time on a queue of its own, off Swift's cooperative pool: however many account
/// requests come, sends and checks keep the pool's threads, and hashing takes at most one core.
/// At most ``waitingLimit`` hashes wait, and at most ``addressShare`` of them for one client
/// address; one more is refused (``Busy``), and the request answers `503` with a `Retry-After`,
/// where waiting would only hold its connection. So one address that floods the queue (with
/// replays of its own valid proof, say) is refused alone, and the other addresses' hashes keep
/// the rest of the queue.
final class PasswordHashing: Sendable {
    /// A hash that was not started: ``waitingLimit`` were waiting, or ``addressShare`` for the
    /// address.
    struct Busy: Error {}

    /// The most hashes waiting or running at once.
    let waitingLimit: Int
    /// The most hashes waiting or running at once for one client address.
    let addressShare: Int
    private let queue = DispatchQueue(label: "org.hourglass.server.password-hashing")
    private let waiting = Mutex((all: 0, byAddress: [String: Int]()))

    init(waitingLimit: Int = 16, addressShare: Int = 4) {
        self.waitingLimit = waitingLimit
        self.addressShare = min(addressShare, waitingLimit)
    }

    /// `pbkdf2-sha256$ROUNDS$SALT$HASH`, salt and hash in base64: PBKDF2 with SHA-256, a random
    /// 16-byte salt, 210 000 rounds; for a request from `address` (a limit key).
    func hash(_ password: Secret, for address: String) async throws -> String {
        try await run(for: address) { try Self.hash(password) }
    }

    /// Whether `password` is the one `stored` (``hash(_:for:)``'s form) was made from.
    func verify(_ password: Secret, matches stored: String, for address: String) async throws -> Bool {
        try await run(for: address) { try Self.password(password, matches: stored) }
    }

    private func run<Value: Sendable>(for address: String, _ work: @escaping @Sendable () throws -> Value)
        async throws -> Value
    {
        let admitted = waiting.withLock { waiting in
            guard waiting.all < waitingLimit, waiting.byAddress[address, default: 0] < addressShare else {
                return false
            }
            waiting.all += 1
            waiting.byAddress[address, default: 0] += 1
            return true
        }
        guard admitted else { throw Busy() }
        defer {
            waiting.withLock { waiting in
                waiting.all -= 1
                waiting.byAddress[address, default: 1] -= 1
                if waiting.byAddress[address] == 0 { waiting.byAddress[address] = nil }
            }
        }
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    static func hash(_ password: Secret) throws -> String {
        let rounds = 210_000
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let key = try KDF.Insecure.PBKDF2.deriveKey(
            from: Array(password.revealed.utf8), salt: salt, using: .sha256, outputByteCount: 32, rounds: rounds)
        let hash = key.withUnsafeBytes { Data($0).base64EncodedString() }
        return "pbkdf2-sha256$\(rounds)$\(Data(salt).base64EncodedString())$\(hash)"
    }

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
}
