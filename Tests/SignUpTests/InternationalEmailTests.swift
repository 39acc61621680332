import Testing

@testable import SignUp
@testable import SignUpDomain

/// One form of an e-mail address whose domain is internationalised: Unicode and Punycode
/// spellings of one mailbox are one destination.
@Suite("E-mail: an internationalised domain has one form")
struct InternationalEmailTests {
    /// Labels and their Punycode: RFC 3492's Arabic and Chinese samples, and common domains.
    static let vectors: [(String, String)] = [
        ("bücher", "bcher-kva"),
        ("münchen", "mnchen-3ya"),
        ("中国", "fiqs8s"),
        ("日本語", "wgv71a119e"),
        ("ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"),
        ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
        ("são-paulo", "so-paulo-rza"),
    ]

    /// Six labels of 15 different ideographs each, then `cn`.
    static let longDomain: String = {
        var labels: [String] = []
        for label in 0..<6 {
            var text = ""
            for index in 0..<15 {
                let value = UInt32(0x4E00 + label * 37 + index * 101)
                if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
            }
            labels.append(text)
        }
        return labels.joined(separator: ".") + ".cn"
    }()

    @Test("a local part typed precomposed or with a combining accent is one mailbox, in NFC")
    func localPartInNFC() throws {
        let composed = "jos\u{E9}@example.com"
        let decomposed = "jose\u{301}@example.com"
        let fromComposed = try Destination.parse(composed).get()
        let fromDecomposed = try Destination.parse(decomposed).get()
        #expect(fromDecomposed == fromComposed)
        #expect(Array(fromDecomposed.normalized.unicodeScalars) == Array(composed.unicodeScalars))
        #expect(Array(fromDecomposed.limitKey.unicodeScalars) == Array(composed.unicodeScalars))
        // A store's older row, written before NFC, reads back in today's form.
        #expect(Destination(normalized: decomposed) == fromComposed)
    }

    @Test(
        "a control or format character in a local part is refused: bidi controls, isolates, joiners",
        arguments: ["\u{202E}", "\u{2066}", "\u{200F}", "\u{200D}", "\u{AD}", "\u{7}"])
    func formatCharacters(scalar: String) {
        #expect(Destination.parse("\(scalar)user@example.com") == .failure(.invalidEmail))
        #expect(Destination.parse("us\(scalar)er@example.com") == .failure(.invalidEmail))
    }

    @Test("Punycode decodes and encodes RFC 3492's samples", arguments: vectors)
    func punycode(label: String, encoded: String) {
        #expect(Punycode.encode(label) == encoded)
        #expect(Punycode.decode(encoded[...]) == label)
        // The case of an encoded digit does not matter; a basic letter keeps its own.
        #expect(Punycode.decode(encoded.uppercased()[...])?.lowercased() == label)
    }

    @Test("malformed Punycode is refused, never trapped on")
    func malformed() {
        // Ends inside a number; a digit's value overflows; not a digit; a basic part not ASCII.
        #expect(Punycode.decode("99999999999"[...]) == nil)
        #expect(Punycode.decode("zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"[...]) == nil)
        #expect(Punycode.decode("a!b"[...]) == nil)
        #expect(Punycode.decode("é-abc"[...]) == nil)
    }

    @Test("Unicode, Punycode, upper case, decomposed and full-width-dot spellings are one destination")
    func oneForm() throws {
        let config = VerificationConfig(region: nil)
        let spellings = [
            "user@bücher.de", "user@xn--bcher-kva.de", "user@BÜCHER.DE", "user@XN--BCHER-KVA.DE",
            "user@bu\u{308}cher.de", "user@bücher\u{3002}de", "user@bücher\u{FF0E}DE",
        ]
        for spelling in spellings {
            #expect(try config.destination(from: spelling).get() == .email("user@bücher.de"), "\(spelling)")
        }
        #expect(try config.destination(from: "Ana@xn--fiqs8s.xn--fiqs8s").get() == .email("Ana@中国.中国"))
        // A store written before 3.0 may hold the Punycode: it is read in today's form.
        #expect(Destination(normalized: "user@xn--bcher-kva.de") == .email("user@bücher.de"))
        #expect(Destination(normalized: "user@bücher.de") == .email("user@bücher.de"))
        // The local part is kept as typed: only its own server may fold its case.
        #expect(try config.destination(from: "User@Example.COM").get() == .email("User@example.com"))
    }

    @Test("a domain that is no valid Punycode, or too long in its ASCII form, is refused")
    func refused() {
        let config = VerificationConfig(region: nil)
        for address in [
            "user@xn--.de", "user@xn--abc-.de", "user@xn--a!b.de", "user@xn--99999999999.de",
            // Decodes to ASCII alone: no internationalised label.
            "user@xn--abc-.com",
            // 61 Chinese characters: 61 characters, but far more than 63 in Punycode.
            "user@" + String(repeating: "中", count: 61) + ".cn",
            // Six labels of 15 different Chinese characters (42 each in ASCII form) and `.cn`:
            // 98 characters, 260 in ASCII form, over the 253 a domain may have.
            "user@" + Self.longDomain,
            // A-labels for labels not in their one form, which would alias or change another:
            // `xn--abcü` (read again, no Punycode), the Kelvin sign (`k`), `Ü`, a full-width `ａbc`,
            // and a Punycode with a leading hyphen.
            "user@xn--xn--abc-t2a.de", "user@xn--62g.com", "user@xn--wca.de", "user@xn--bc-bz3n.com",
            "user@xn---kva.de",
        ] {
            #expect(throws: DestinationProblem.invalidEmail, "\(address)") {
                try config.destination(from: address).get()
            }
        }
    }
}
