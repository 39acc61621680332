/// The lines that let a phone fill a text's code in by itself, added at the end of every SMS:
///
/// - Android's SMS Retriever reads a text that holds the app's hash, 11 characters of the
///   Base64 alphabet (`--android-app-hash`), and hands it to that app alone;
/// - iOS, and Chrome on Android (WebOTP), offer the code of a text whose last line is
///   origin-bound, `@example.com #123456` (`--otp-origin`), on that site and in the apps bound
///   to it.
///
/// The hash comes first on a line of its own, the origin-bound line last, as both require.
public struct CodeAutofill: Sendable, Hashable {
    /// The domain of the origin-bound line, in ASCII (an A-label for an international one).
    public var origin: String?
    /// The Android app's SMS Retriever hash.
    public var androidAppHash: String?

    /// No lines unless given.
    public init(origin: String? = nil, androidAppHash: String? = nil) {
        self.origin = origin
        self.androidAppHash = androidAppHash
    }

    /// The lines that follow a text carrying `code`: nothing when neither is set.
    func lines(code: String) -> String {
        var lines = ""
        if let androidAppHash { lines += "\n" + androidAppHash }
        if let origin { lines += "\n@" + origin + " #" + code }
        return lines
    }

    /// These lines, the domain in lower case, or the reason one cannot be used.
    /// - Throws: ``ServerSetupError/invalidOption(_:)`` naming the option.
    func validated() throws(ServerSetupError) -> Self {
        var checked = self
        if let origin {
            checked.origin = try Self.domain(origin)
        }
        if let androidAppHash {
            let base64 = androidAppHash.utf8.allSatisfy { byte in
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
                    || byte == UInt8(ascii: "/")
            }
            guard androidAppHash.utf8.count == 11, base64 else {
                throw .invalidOption(
                    "the Android app hash (--android-app-hash) must be 11 characters of the Base64 alphabet (A-Z, a-z, 0-9, + and /), not \(Self.quoted(androidAppHash))"
                )
            }
        }
        return checked
    }

    /// `text` as a host name in lower case: labels of letters, digits and inner hyphens, each of
    /// 1 to 63, 253 at most in all; no scheme, port, path or trailing dot.
    private static func domain(_ text: String) throws(ServerSetupError) -> String {
        let domain = text.lowercased()
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        let wellFormed =
            domain.utf8.count <= 253
            && labels.allSatisfy { label in
                (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
                    && label.utf8.allSatisfy { byte in
                        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                    }
            }
        guard wellFormed else {
            throw .invalidOption(
                "the origin (--otp-origin) must be a domain such as example.com (an international one as its xn-- A-label), with no scheme, port or path, not \(quoted(text))"
            )
        }
        return domain
    }

    /// `text` quoted, bounded and with no control character, for an error message.
    private static func quoted(_ text: String) -> String {
        let shown = text.unicodeScalars.prefix(80).map { $0.properties.generalCategory == .control ? "?" : String($0) }
        return "\"" + shown.joined() + (text.unicodeScalars.count > 80 ? "…" : "") + "\""
    }
}
