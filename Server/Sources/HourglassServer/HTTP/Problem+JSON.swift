import NIOCore

extension Components.Schemas.Problem {
    /// The problem as compact JSON, its keys sorted: the bytes `JSONEncoder` with `.sortedKeys`
    /// writes (slashes escaped, control characters as `\uXXXX` but for the five with short
    /// escapes, other characters as they are), which `DirectRoutesTests` holds for every field and
    /// every ASCII character. Written by hand: a wrong check answers one of these, and
    /// `JSONEncoder`'s generic walk over the `Codable` conformance cost it more than its row's
    /// read and write in SQLite.
    var json: ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(192 + (detail?.utf8.count ?? 0))
        var first = true
        func key(_ name: StaticString) {
            buffer.writeStaticString(first ? "{\"" : ",\"")
            first = false
            buffer.writeStaticString(name)
            buffer.writeStaticString("\":")
        }
        if let attemptsLeft {
            key("attemptsLeft")
            buffer.writeString(String(attemptsLeft))
        }
        if let detail {
            key("detail")
            Self.write(detail, to: &buffer)
        }
        if let maximumLength {
            key("maximumLength")
            buffer.writeString(String(maximumLength))
        }
        if let minimumLength {
            key("minimumLength")
            buffer.writeString(String(minimumLength))
        }
        if let passwordProblems {
            key("passwordProblems")
            buffer.writeStaticString("[")
            for (index, problem) in passwordProblems.enumerated() {
                if index > 0 { buffer.writeStaticString(",") }
                Self.write(problem.rawValue, to: &buffer)
            }
            buffer.writeStaticString("]")
        }
        if let reason {
            key("reason")
            Self.write(reason.rawValue, to: &buffer)
        }
        if let retryAfter {
            key("retryAfter")
            buffer.writeString(String(retryAfter))
        }
        key("status")
        buffer.writeString(String(status))
        key("title")
        Self.write(title, to: &buffer)
        key("type")
        Self.write(_type.rawValue, to: &buffer)
        buffer.writeStaticString("}")
        return buffer
    }

    /// `text` as a JSON string, escaped as `JSONEncoder` escapes it.
    private static func write(_ text: String, to buffer: inout ByteBuffer) {
        buffer.writeStaticString("\"")
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for (index, byte) in bytes.enumerated() {
                let escape: StaticString? =
                    switch byte {
                    case UInt8(ascii: "\""): "\\\""
                    case UInt8(ascii: "\\"): "\\\\"
                    case UInt8(ascii: "/"): "\\/"
                    case 0x08: "\\b"
                    case 0x0C: "\\f"
                    case 0x0A: "\\n"
                    case 0x0D: "\\r"
                    case 0x09: "\\t"
                    default: nil
                    }
                guard escape != nil || byte < 0x20 else { continue }
                buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                if let escape {
                    buffer.writeStaticString(escape)
                } else {
                    buffer.writeStaticString("\\u00")
                    buffer.writeBytes([hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
                }
                start = index + 1
            }
            buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        buffer.writeStaticString("\"")
    }

    private static let hex = Array("0123456789abcdef".utf8)
}
