import Crypto
import Foundation

/// Makes codes and proofs, and the HMACs the store keeps of them: the server's key never
/// leaves the process, and a database that leaks holds nothing a code can be read from.
struct CodeHasher: Sendable {
    private let key: [UInt8]

    init(key: [UInt8]) {
        self.key = key
    }

    /// A new code of `length` ASCII digits, uniform, from the system's cryptographic generator.
    func newCode(length: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String(
            decoding: (0..<length).map { _ in UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &generator) },
            as: UTF8.self)
    }

    /// A new proof: 32 random bytes as 43 URL-safe base64 characters.
    func newProof() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// The HMAC of `code` for the destination `limitKey`: the same code for another destination
    /// has another hash.
    func hash(code: String, for limitKey: String) -> [UInt8] {
        mac("code\u{0}\(limitKey)\u{0}\(code)")
    }

    /// The HMAC of a proof.
    func hash(proof: String) -> [UInt8] {
        mac("proof\u{0}\(proof)")
    }

    private func mac(_ text: String) -> [UInt8] {
        var hmac = HMAC<SHA256>(key: SymmetricKey(data: key))
        var text = text
        text.withUTF8 { hmac.update(data: $0) }
        return Array(hmac.finalize())
    }

    /// Whether `a` and `b` are equal, in a time that depends on their length alone.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
