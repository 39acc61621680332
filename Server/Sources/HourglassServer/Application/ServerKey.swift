import Foundation

/// The HMAC key codes and proofs are hashed with: the bytes of a file (at least 32, whitespace
/// at the ends ignored). Beside a SQLite database a missing key file is made (32 random bytes
/// in hex, mode 0600), so that a restart keeps the codes it sent valid.
enum ServerKey {
    static func load(from path: String, createIfMissing: Bool) throws(ServerSetupError) -> [UInt8] {
        if createIfMissing, !FileManager.default.fileExists(atPath: path) {
            var generator = SystemRandomNumberGenerator()
            let hex = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }
                .joined()
            let created = FileManager.default.createFile(
                atPath: path, contents: Data((hex + "\n").utf8), attributes: [.posixPermissions: 0o600])
            guard created else { throw .key("cannot create the key file \(path)") }
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .key("cannot read the key file \(path)")
        }
        let key = Array(data.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })
        let trimmed = Array(key.reversed().drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }.reversed())
        guard trimmed.count >= 32 else {
            throw .key("the key file \(path) holds \(trimmed.count) bytes; 32 or more are needed")
        }
        return trimmed
    }
}
