import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The HMAC key codes and proofs are hashed with: the bytes of a file (at least 32, whitespace
/// at the ends ignored). Beside a SQLite database a missing key file is made (32 random bytes
/// in hex, mode 0600), so that a restart keeps the codes it sent valid.
enum ServerKey {
    static func load(from path: String, createIfMissing: Bool) throws(ServerSetupError) -> [UInt8] {
        if createIfMissing, !FileManager.default.fileExists(atPath: path) {
            try create(path)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .key("cannot read the key file \(path)")
        }
        let isSpace: (UInt8) -> Bool = { [0x20, 0x0A, 0x0D, 0x09].contains($0) }
        let key = Array(Array(data.drop(while: isSpace)).reversed().drop(while: isSpace).reversed())
        guard key.count >= 32 else {
            throw .key("the key file \(path) holds \(key.count) bytes; 32 or more are needed")
        }
        return key
    }

    /// Makes the key file, readable by its owner alone from its first byte (`O_EXCL`, mode
    /// 0600). A server that lost the race to make it reads the winner's.
    private static func create(_ path: String) throws(ServerSetupError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { return }
            throw .key("cannot create the key file \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var generator = SystemRandomNumberGenerator()
        let hex = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        let bytes = Array((hex + "\n").utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count else {
            throw .key("cannot write the key file \(path): \(String(cString: strerror(errno)))")
        }
    }
}
