public import Foundation
import NIOCore
import NIOFoundationCompat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The development ``CodeSender``: nothing leaves the machine. Each code is one line of JSON
/// appended to a file, `{"destination": …, "code": …, "sentAt": …, "language": …, "text": …,
/// "id": …, "segments": …, "channel": …}`, as Firebase's Auth emulator keeps the messages it would have sent; tests read it,
/// and a server started with `--dev` serves it at `GET /v1/outbox`. The file is its owner's alone (mode 0600, set on an
/// existing file too): it holds live codes. A line is written whole or not at all: a write that
/// fails midway (a full disk) is cut back off, and a reader skips a line that is not whole.
public actor Outbox: CodeSender {
    /// One message. (`language` and `text` are missing from lines 3.0 wrote.)
    public struct Message: Codable, Sendable, Hashable {
        public var destination: String
        public var code: String
        public var sentAt: Date
        public var language: String?
        public var text: String?
        /// The delivery's id (``CodeMessage/id``): a message resumed after a restart may be
        /// written again, with the same id. Absent from the lines of releases before 4.0.
        public var id: String?
        /// The SMS segments of ``text`` (``CodeMessage/segments``); absent for an e-mail and
        /// from the lines of releases before 4.0.
        public var segments: Int?
        /// How the code goes: `sms`, `voice` (a provider calls and says ``text``) or `email`;
        /// absent from the lines of releases before 4.0.
        public var channel: String?
    }

    /// The file.
    public let path: String
    private let descriptor: Int32

    /// Opens `path` for appending, creating it when missing. A path that is no regular file (a
    /// directory, a FIFO), or cannot be written, is refused at once, never blocked on.
    public init(path: String) throws(ServerSetupError) {
        self.path = path
        let descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o600)
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
        guard fchmod(descriptor, 0o600) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .outbox("cannot make \(path) its owner's alone (mode 0600): \(reason)")
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    public func send(_ message: CodeMessage) async throws {
        var line = try Self.line(
            Message(
                destination: message.destination, code: message.code, sentAt: message.sentAt,
                language: message.language, text: message.text, id: message.id, segments: message.segments,
                channel: message.channel.rawValue))
        let end = lseek(descriptor, 0, SEEK_END)
        let start = end >= 0 ? end : nil
        // After a line cut off by a crash, the next one starts on a line of its own.
        var last: UInt8 = 0x0A
        if let start, start > 0, pread(descriptor, &last, 1, start - 1) == 1, last != 0x0A { line.insert(0x0A, at: 0) }
        try line.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    let reason = String(cString: strerror(errno))
                    // No torn line: what was written of this one goes.
                    if offset > 0, let start { _ = ftruncate(descriptor, start) }
                    throw ServerSetupError.outbox("writing \(path) failed: \(reason)")
                }
                offset += written
            }
        }
    }

    /// Every message in the file, oldest first; only those to `destination` when given.
    public func messages(to destination: String? = nil) throws -> [Message] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        // A line that is not whole (one cut off by a crash) is skipped, never a failure of all.
        return data.split(separator: 0x0A).compactMap { try? Self.decoder.decode(Message.self, from: Data($0)) }
            .filter { destination == nil || $0.destination == destination }
    }

    /// `message`'s line: compact JSON, its keys sorted, slashes unescaped, `sentAt` in ISO 8601
    /// to the second, and a line feed; `JSONEncoder`'s bytes, written by hand for a date from
    /// 1970 to 9999 (`JSONWriterTests`), by `JSONEncoder` for any other.
    static func line(_ message: Message) throws -> Data {
        let seconds = message.sentAt.timeIntervalSince1970.rounded(.down)
        guard seconds >= 0, seconds < 253_402_300_800, var time = time_t(exactly: seconds) else {
            return try encoder.encode(message) + [0x0A]
        }
        var json = JSONWriter(escapingSlashes: false, capacity: 256 + (message.text?.utf8.count ?? 0))
        json.openObject()
        if let channel = message.channel {
            json.key("channel")
            json.string(channel)
        }
        json.key("code")
        json.string(message.code)
        json.key("destination")
        json.string(message.destination)
        if let id = message.id {
            json.key("id")
            json.string(id)
        }
        if let language = message.language {
            json.key("language")
            json.string(language)
        }
        if let segments = message.segments {
            json.key("segments")
            json.integer(segments)
        }
        var parts = tm()
        gmtime_r(&time, &parts)
        json.key("sentAt")
        json.string(
            "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday))T"
                + "\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec))Z")
        if let text = message.text {
            json.key("text")
            json.string(text)
        }
        json.closeObject()
        var buffer = json.buffer
        buffer.writeStaticString("\n")
        return Data(buffer.readableBytesView)
    }

    /// `value` in `width` digits, zeros first.
    private static func pad(_ value: Int32, _ width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
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
