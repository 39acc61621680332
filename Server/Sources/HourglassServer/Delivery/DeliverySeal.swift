import Crypto
import Foundation
import NIOCore
import NIOFoundationCompat

/// Seals the records of pending deliveries (AES-GCM, with a key derived from the server's key
/// by HKDF), bound to their delivery's id: a database that leaks holds no readable code, and a
/// record moved to another row does not open.
struct DeliverySeal: Sendable {
    /// The derived key's bytes (a `SymmetricKey` is not `Sendable`).
    private let keyBytes: [UInt8]

    init(serverKey: [UInt8]) {
        let derived = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: serverKey), info: Data("hourglass pending delivery v1".utf8),
            outputByteCount: 32)
        keyBytes = derived.withUnsafeBytes { Array($0) }
    }

    private var key: SymmetricKey { SymmetricKey(data: keyBytes) }

    /// `record` sealed, as a pending delivery of its message's id.
    func pending(_ record: PendingDelivery.Record, leaseUntil: Int64) throws -> PendingDelivery {
        let plain = try record.json.readableBytesView
        let box = try AES.GCM.seal(plain, using: key, authenticating: Data(record.message.id.utf8))
        guard let combined = box.combined else { throw CryptoKitError.incorrectParameterSize }
        return PendingDelivery(
            id: record.message.id, expiresAt: record.message.expiresAt.millisecondsSince1970, leaseUntil: leaseUntil,
            sealed: Array(combined))
    }

    /// The record of `pending`; throws when it was not sealed by this key for its id.
    func record(of pending: PendingDelivery) throws -> PendingDelivery.Record {
        let box = try AES.GCM.SealedBox(combined: pending.sealed)
        let plain = try AES.GCM.open(box, using: key, authenticating: Data(pending.id.utf8))
        return try JSONDecoder.sealed.decode(PendingDelivery.Record.self, from: plain)
    }
}

extension JSONDecoder {
    /// Dates as milliseconds, as ``PendingDelivery/Record/json`` writes them.
    fileprivate static let sealed: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }()
}
