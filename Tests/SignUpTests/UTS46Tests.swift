import Foundation
import Testing

@testable import SignUpDomain

/// UTS 46's mapping as `UTS46` does it: the same answer as idna, which generated its table, on
/// every row of the table (UTS46Samples.tsv, by tools/idna), and the look-alikes that had limits
/// of their own, each one destination with its plain spelling.
@Suite("E-mail domains map by UTS 46")
struct UTS46Tests {
    /// One line of UTS46Samples.tsv: a domain, and idna's mapping of it (nil: refused).
    struct Sample: CustomStringConvertible, Sendable {
        let domain: String
        let mapped: String?
        var description: String { domain.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }
    }

    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "UTS46Samples.tsv")

    static let samples: [Sample] = {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            let mapped = fields.count > 1 && fields[1] != "refused" ? unescaped(fields[1]) : nil
            return Sample(domain: unescaped(fields[0]), mapped: mapped)
        }
    }()

    /// The text with each `\u{HEX}` as its scalar.
    static func unescaped(_ text: Substring) -> String {
        var result = String.UnicodeScalarView()
        var rest = text.unicodeScalars[...]
        while let first = rest.first {
            if first == "\\", rest.dropFirst().starts(with: "u{".unicodeScalars), let close = rest.firstIndex(of: "}"),
                let value = UInt32(String(rest[rest.index(rest.startIndex, offsetBy: 3)..<close]), radix: 16),
                let scalar = Unicode.Scalar(value)
            {
                result.append(scalar)
                rest = rest[rest.index(after: close)...]
            } else {
                result.append(first)
                rest = rest.dropFirst()
            }
        }
        return String(result)
    }

    @Test("the samples are idna 3.20's, for every row of the table")
    func theFileCoversTheTable() throws {
        let header = try #require((try? String(contentsOf: Self.file, encoding: .utf8))?.split(separator: "\n").first)
        #expect(header.hasPrefix("# idna \(UTS46.idnaVersion) (UTS 46 for Unicode \(UTS46.unicodeVersion))"))
        #expect(UTS46.idnaVersion == "3.20")
        #expect(Self.samples.count == 9_847)
        #expect(Self.samples.filter { $0.mapped == nil }.count == 1_622)
    }

    @Test("every sampled domain maps as idna maps it, or is refused as idna refuses it")
    func agreesWithIDNA() {
        var disagreements: [String] = []
        for sample in Self.samples {
            let mapped = UTS46.map(sample.domain[...])
            // Scalar by scalar: `==` on strings holds for canonically equivalent ones.
            if mapped.map({ Array($0.unicodeScalars) }) != sample.mapped.map({ Array($0.unicodeScalars) }) {
                let ours = mapped.map(\.debugDescription) ?? "refused"
                disagreements.append("\(sample): \(ours), idna: \(sample.mapped.map(\.debugDescription) ?? "refused")")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) disagree: \(disagreements.prefix(20))")
    }

    @Test(
        "a look-alike domain is one destination and one limit key with its plain spelling",
        arguments: [
            ("alice@\u{1D41E}xample.com", "alice@example.com"),  // MATHEMATICAL BOLD SMALL E: mapped
            ("carol@e\u{FB00}.org", "carol@eff.org"),  // LATIN SMALL LIGATURE FF: mapped
            ("dave@exa\u{34F}mple.com", "dave@example.com"),  // COMBINING GRAPHEME JOINER: ignored
            ("erin@exam\u{FE0F}ple.com", "erin@example.com"),  // VARIATION SELECTOR-16: ignored
        ])
    func lookAlikes(typed: String, plain: String) throws {
        let destination = try Destination.parse(typed, region: nil).get()
        let plainDestination = try Destination.parse(plain, region: nil).get()
        // In bytes, as a store keeps them: `==` on strings holds for canonically equivalent ones.
        #expect(Array(destination.normalized.utf8) == Array(plain.utf8))
        #expect(Array(destination.limitKey.utf8) == Array(plain.utf8))
        #expect(Array(destination.limitKey.utf8) == Array(plainDestination.limitKey.utf8))
        #expect(Array((Destination(normalized: typed)?.limitKey ?? "").utf8) == Array(plain.utf8))
        #expect(destination == .email(plain))
    }

    @Test("what UTS 46 disallows, or maps to ASCII other than letters, digits and hyphens, is refused")
    func refused() {
        for address in [
            "alice@exa\u{E0001}mple.com",  // LANGUAGE TAG: disallowed
            "alice@ex_ample.com",  // `_`: not by UseSTD3ASCIIRules
            "alice@\u{FDFA}.com",  // maps to Arabic words with spaces between
            "alice@a\u{2024}b.com",  // ONE DOT LEADER: disallowed
            // The A-label of a label not in its mapped form: `ｅ` (full-width), which maps to `e`.
            "alice@xn--xample-hy68a.com",
        ] {
            #expect(Destination.parse(address, region: nil) == .failure(.invalidEmail), "\(address)")
        }
    }

    @Test("deviations are kept (nontransitional), and mapping then NFC orders marks")
    func deviationsAndNormalisation() throws {
        for (typed, normalized) in [
            ("bob@STRASSE.de", "bob@strasse.de"), ("bob@Straße.de", "bob@straße.de"), ("bob@ΣΑΣ.gr", "bob@σασ.gr"),
            ("bob@σας.gr", "bob@σας.gr"), ("bob@a\u{301}\u{323}.com", "bob@\u{1EA1}\u{301}.com"),
            ("bob@\u{212A}elvin.com", "bob@kelvin.com"), ("bob@ＥＸＡＭＰＬＥ．ＣＯＭ", "bob@example.com"),
        ] {
            let destination = try Destination.parse(typed, region: nil).get()
            #expect(Array(destination.normalized.unicodeScalars) == Array(normalized.unicodeScalars), "\(typed)")
        }
    }

    @Test("an A-label of a decomposed label is refused: only the NFC label's Punycode stands for it")
    func decomposedALabel() throws {
        // `bu` + U+0308 + `cher` is `bucher-xyd`; `bücher` is `bcher-kva`.
        #expect(Destination.parse("user@xn--bucher-xyd.de", region: nil) == .failure(.invalidEmail))
        let destination = try Destination.parse("user@xn--bcher-kva.de", region: nil).get()
        #expect(Array(destination.normalized.unicodeScalars) == Array("user@b\u{FC}cher.de".unicodeScalars))
    }
}
