import NIOCore

/// Compact JSON written straight into a buffer, as `JSONEncoder` writes it: strings escaped as
/// it escapes them (a quote, a backslash, a slash unless ``escapingSlashes`` is off, the five
/// control characters with short escapes, every other one below U+0020 as `\u00XX`, anything
/// else as it is), keys in the order they are written.
///
/// For the answers and records every send or check writes (``Components/Schemas/Problem/json``,
/// ``PendingDelivery/Record/json``, the outbox's line), without `JSONEncoder`'s generic walk
/// over each `Codable` conformance. Each writer is held to `JSONEncoder`'s bytes, or to what
/// `JSONDecoder` reads back, by a test.
struct JSONWriter {
    private(set) var buffer = ByteBuffer()
    /// Whether a slash is written `\/`, as `JSONEncoder` writes it without
    /// `.withoutEscapingSlashes`.
    var escapingSlashes = true
    /// A value was written in the object or array open now: the next one takes a comma.
    private var separated = false

    init(escapingSlashes: Bool = true, capacity: Int = 256) {
        self.escapingSlashes = escapingSlashes
        buffer.reserveCapacity(capacity)
    }

    /// Opens an object (`{`); as a member, after ``key(_:)``.
    mutating func openObject() {
        buffer.writeStaticString("{")
        separated = false
    }

    mutating func closeObject() {
        buffer.writeStaticString("}")
        separated = true
    }

    mutating func openArray() {
        buffer.writeStaticString("[")
        separated = false
    }

    mutating func closeArray() {
        buffer.writeStaticString("]")
        separated = true
    }

    /// Starts an object's member `name` (a key without characters to escape).
    mutating func key(_ name: StaticString) {
        buffer.writeStaticString(separated ? ",\"" : "\"")
        buffer.writeStaticString(name)
        buffer.writeStaticString("\":")
        separated = false
    }

    /// Starts an array's next element.
    mutating func element() {
        if separated { buffer.writeStaticString(",") }
        separated = false
    }

    mutating func integer(_ value: some BinaryInteger) {
        buffer.writeString(String(value))
        separated = true
    }

    /// A finite number as Swift writes it, which `JSONDecoder` reads back to the same `Double`;
    /// throws for an infinite one or NaN, as `JSONEncoder` does.
    mutating func number(_ value: Double) throws(NonFinite) {
        guard value.isFinite else { throw NonFinite() }
        buffer.writeString(String(value))
        separated = true
    }

    /// A number JSON cannot hold.
    struct NonFinite: Error {}

    mutating func string(_ text: String) {
        buffer.writeStaticString("\"")
        var text = text
        let escapingSlashes = escapingSlashes
        text.withUTF8 { bytes in
            var start = 0
            for (index, byte) in bytes.enumerated() {
                let escape: StaticString? =
                    switch byte {
                    case UInt8(ascii: "\""): "\\\""
                    case UInt8(ascii: "\\"): "\\\\"
                    case UInt8(ascii: "/") where escapingSlashes: "\\/"
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
                    buffer.writeBytes([Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0x0F)]])
                }
                start = index + 1
            }
            buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        buffer.writeStaticString("\"")
        separated = true
    }

    private static let hex = Array("0123456789abcdef".utf8)
}
