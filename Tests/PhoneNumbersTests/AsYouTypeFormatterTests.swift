import Foundation
import PhoneNumbers
import Testing

/// Every example number of libphonenumber's metadata typed digit by digit (AsYouTypeExamples.tsv,
/// generated with the data by tools/phone-data from its `AsYouTypeFormatter`): nationally with
/// its region, and in `+` form with none. Every state agrees.
@Suite struct AsYouTypeFormatterTests {
    /// One line of AsYouTypeExamples.tsv: a number typed, and each state after a character.
    struct Typed: Sendable {
        let region: PhoneRegion?
        let type: String
        let typed: String
        let states: [String]
    }

    static let examples: [Typed] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "AsYouTypeExamples.tsv")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Typed(
                region: fields[0] == "ZZ" ? nil : PhoneRegion(fields[0]), type: fields[1], typed: fields[2],
                states: Array(fields.dropFirst(3)))
        }
    }()

    @Test("the file holds every example, nationally and in + form, a state a character")
    func theFileHoldsEveryExample() {
        #expect(Self.examples.count == 2_270)
        #expect(Self.examples.filter { $0.region == nil }.count == 1_141)
        #expect(Self.examples.allSatisfy { $0.states.count == $0.typed.count })
        #expect(Self.examples.map(\.states.count).reduce(0, +) == 24_181)
    }

    @Test("every state of every example number agrees with libphonenumber's AsYouTypeFormatter")
    func everyStateAgrees() {
        var wrong: [String] = []
        var states = 0
        for example in Self.examples {
            var formatter = AsYouTypeFormatter(region: example.region)
            for (character, expected) in zip(example.typed, example.states) {
                states += 1
                let shown = formatter.input(character)
                if shown != expected {
                    wrong.append(
                        "\(example.region?.identifier ?? "ZZ") \(example.type) \(example.typed): \(shown) ≠ \(expected)"
                    )
                }
            }
        }
        #expect(wrong.isEmpty, "\(states - wrong.count) of \(states) states agree; first: \(wrong.prefix(20))")
        #expect(states == 24_181)
    }

    @Test(
        "a whole text: its separators dropped, other scripts' digits in ASCII, a + only first",
        arguments: [
            ("01001234567", "EG", "010 01234567"), ("010-0123-4567", "EG", "010 01234567"),
            ("٠١٠٠١٢٣٤٥٦٧", "EG", "010 01234567"), ("+20 100 123 4567", nil, "+20 10 01234567"),
            ("+442079460018", nil, "+44 20 7946 0018"), ("020 7946 0018", "GB", "020 7946 0018"),
            ("6502530000", "US", "(650) 253-0000"), ("1 650 253 0000", "US", "1 (650) 253-0000"),
            ("011 44 20 7946 0018", "US", "011 44 20 7946 0018"), ("4+4", nil, "44"), ("", "US", ""),
        ] as [(String, String?, String)])
    func wholeText(text: String, region: String?, shown: String) {
        #expect(AsYouTypeFormatter.format(text, region: region.flatMap(PhoneRegion.init)) == shown)
    }

    @Test("a letter stops the formatting: the text is then shown as typed; clear starts again")
    func letters() {
        var formatter = AsYouTypeFormatter(region: PhoneRegion("US"))
        for character in "650" { formatter.input(character) }
        #expect(formatter.input("a") == "650a")
        #expect(formatter.input("2") == "650a2")
        formatter.clear()
        #expect(formatter.output == "")
        for character in "6502530000" { formatter.input(character) }
        #expect(formatter.output == "(650) 253-0000")
    }
}
