public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built-in ``CodeSender``: nothing leaves the machine. Each code is one line of JSON
/// appended to a file, `{"destination": …, "code": …, "sentAt": …}`, as Firebase's Auth
/// emulator keeps the messages it would have sent; tests read it, and a server started with
/// `--dev` serves it at `GET /v1/outbox`. The file is its owner's alone (mode 0600): it holds
/// live codes.
public actor Outbox: CodeSender {
    /// One message.
    public struct Message: Codable, Sendable, Hashable {
        public var destination: String
        public var code: String
        public var sentAt: Date
    }

    /// The file.
    public let path: String
    private let descriptor: Int32

    /// Opens `path` for appending, creating it when missing. A path that is no regular file (a
    /// directory, a FIFO), or cannot be written, is refused at once, never blocked on.
    public init(path: String) throws(ServerSetupError) {
        self.path = path
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .outbox("cannot open \(path) for writing: \(String(cString: strerror(errno)))")
        }
        // A FIFO without a reader, or a directory, fails to open above; a device or a socket
        // opens, and is refused here.
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        guard type == .typeRegular else {
            close(descriptor)
            throw .outbox("\(path) is not a regular file")
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    public func send(code: String, to destination: String, at date: Date) async throws {
        var line = try Self.encoder.encode(Message(destination: destination, code: code, sentAt: date))
        line.append(0x0A)
        try line.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    throw ServerSetupError.outbox("writing \(path) failed: \(String(cString: strerror(errno)))")
                }
                offset += written
            }
        }
    }

    /// Every message in the file, oldest first; only those to `destination` when given.
    public func messages(to destination: String? = nil) throws -> [Message] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try data.split(separator: 0x0A).map { try Self.decoder.decode(Message.self, from: Data($0)) }
            .filter { destination == nil || $0.destination == destination }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
