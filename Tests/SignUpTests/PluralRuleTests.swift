import Foundation
import SignUpDomain
import Testing

/// CLDR's plural rules as `PluralRule` reads them: every locale the generated table lists agrees
/// with babel, which generated it, on 209 counts (PluralSamples.tsv, by tools/plural-rules), and
/// the edges of each rule a translator meets.
@Suite("Plural rules from CLDR")
struct PluralRuleTests {
    /// One line of PluralSamples.tsv: a locale and babel's category of each count.
    struct Sample: CustomStringConvertible, Sendable {
        let locale: String
        let categories: [PluralCategory]
        var description: String { locale }
    }

    static let counts: [Int] =
        Array(0...200) + [1000, 1001, 10000, 100_000, 1_000_000, 1_000_001, 2_000_000, 10_000_000]

    static let samples: [Sample] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "PluralSamples.tsv")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let letters: [Character: PluralCategory] = [
            "z": .zero, "o": .one, "t": .two, "f": .few, "m": .many, "x": .other,
        ]
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t")
            return Sample(locale: String(fields[0]), categories: fields[1].compactMap { letters[$0] })
        }
    }()

    @Test func theFileListsEveryLocaleWithARuleOfItsOwn() throws {
        #expect(Self.samples.count == 342)
        let header = try #require(
            (try? String(
                contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                    "PluralSamples.tsv"), encoding: .utf8))?.split(separator: "\n").first)
        #expect(header == "# counts: " + Self.counts.map(String.init).joined(separator: " "))
        #expect(Self.samples.allSatisfy { $0.categories.count == Self.counts.count })
    }

    @Test("each listed locale takes babel's category for every sampled count", arguments: samples)
    func agreesWithBabel(sample: Sample) {
        let rule = PluralRule(for: sample.locale)
        let categories = Self.counts.map { rule.category(for: $0) }
        #expect(categories == sample.categories)
    }

    @Test("the edges of Arabic, Russian, Polish, French, Portuguese, English and Japanese")
    func edges() {
        let arabic = PluralRule(for: "ar")
        #expect(
            [0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111].map(arabic.category(for:)) == [
                .zero, .one, .two, .few, .few, .many, .many, .other, .other, .few, .many,
            ])
        let russian = PluralRule(for: "ru-RU")
        #expect(
            [1, 2, 5, 11, 12, 21, 22, 25, 111, 0].map(russian.category(for:)) == [
                .one, .few, .many, .many, .many, .one, .few, .many, .many, .many,
            ])
        #expect(
            [1, 2, 5, 12, 22, 112].map(PluralRule(for: "pl").category(for:)) == [.one, .few, .many, .many, .few, .many])
        #expect([0, 1, 2, 1_000_000].map(PluralRule(for: "fr_CA").category(for:)) == [.one, .one, .other, .many])
        #expect(PluralRule(for: "pt").category(for: 0) == .one)
        #expect(PluralRule(for: "pt-PT").category(for: 0) == .other)
        #expect(PluralRule(for: "pt-BR").category(for: 0) == .one)
        #expect([0, 1, 2].map(PluralRule(for: "en").category(for:)) == [.other, .one, .other])
        #expect(PluralRule(for: "ja").categories == [.other])
        #expect(PluralRule(for: "ru").categories == [.one, .few, .many, .other])
        #expect(PluralRule(for: "ar").categories == PluralCategory.allCases)
    }

    @Test("a negative count takes its magnitude's category; an unknown language takes root's `other`")
    func magnitudesAndUnknownLanguages() {
        #expect(PluralRule(for: "ru").category(for: -21) == .one)
        #expect(PluralRule(for: "ru").category(for: Int64.min) == PluralRule(for: "ru").category(for: UInt64(1) << 63))
        #expect(PluralRule(for: "xx-unknown").category(for: 1) == .other)
        #expect(PluralRule(for: "").category(for: 1) == .other)
        #expect(PluralRule(for: "EN_gb") == PluralRule(for: "en"))
    }

    @Test("select gives the form of the count's category, other when that form is not given")
    func select() {
        let russian = PluralRule(for: "ru")
        let forms = { (n: Int) in
            russian.select(n, one: "\(n) попытка", few: "\(n) попытки", many: "\(n) попыток", other: "\(n) попытки")
        }
        #expect([1, 2, 5, 21].map(forms) == ["1 попытка", "2 попытки", "5 попыток", "21 попытка"])
        #expect(PluralRule(for: "ar").select(2, other: "x") == "x")
    }
}
