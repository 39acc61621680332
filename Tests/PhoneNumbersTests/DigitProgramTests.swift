import Foundation
import Testing

@testable import PhoneNumbers

/// The patterns' matcher: what it reads, how it matches (as Python's `re`), and that it agrees
/// with Swift's `Regex` on every pattern of the data.
@Suite struct DigitProgramTests {
    /// A match: where it ends and each group's range, as UTF-8 offsets (nil: no part in it).
    struct Outcome: Equatable, CustomStringConvertible {
        let end: Int
        let groups: [Range<Int>?]

        var description: String { "\(end) \(groups)" }
    }

    static func program(_ source: String, _ text: String, whole: Bool) -> Outcome? {
        DigitProgram(source).flatMap { outcome(of: $0, text, whole: whole) }
    }

    static func outcome(of program: DigitProgram, _ text: String, whole: Bool) -> Outcome? {
        guard let (end, slots) = Array(text.utf8).withUnsafeBufferPointer({ program.run($0, whole: whole) })
        else { return nil }
        let groups = stride(from: 0, to: slots.count, by: 2).map { slot in
            slots[slot] >= 0 && slots[slot + 1] >= 0 ? slots[slot]..<slots[slot + 1] : nil
        }
        return Outcome(end: end, groups: groups)
    }

    static func outcome(of regex: Regex<AnyRegexOutput>, _ text: String, whole: Bool) -> Outcome? {
        guard let match = whole ? try? regex.wholeMatch(in: text) : try? regex.prefixMatch(in: text) else {
            return nil
        }
        let offset = { (index: String.Index) in text.utf8.distance(from: text.startIndex, to: index) }
        return Outcome(
            end: offset(match.range.upperBound),
            groups: match.output.dropFirst().map { $0.range.map { offset($0.lowerBound)..<offset($0.upperBound) } })
    }

    @Test(
        "what the metadata's patterns use is read; anything else makes no program",
        arguments: [
            ("1[3-9]\\d{9}", true), ("(?:0|90)(\\d{2})(\\d{4,5})$|1", true), ("[0-24-8]", true), ("", true),
            ("\\s", false), ("a", false), ("[^1]", false), ("1*", false), ("1+", false), ("1??", false),
            ("1{2}?", false), ("(?=1)", false), ("(1", false), ("1)", false), ("[9-1]", false), ("1{3,2}", false),
        ])
    func reads(source: String, read: Bool) {
        #expect((DigitProgram(source) != nil) == read)
    }

    @Test(
        "knows the fewest and the most digits a match takes (other lengths are refused unrun)",
        arguments: [
            ("\\d{3,5}", 3, 5), ("(?:1|23)4?", 1, 3), ("1[3-9]\\d{9}", 11, 11), ("([2-9]\\d{2})$|1", 1, 3), ("", 0, 0),
            ("(?:0|90)(\\d{2})(\\d{4,5})$|1", 1, 9),
        ])
    func lengths(source: String, shortest: Int, longest: Int) throws {
        let program = try #require(DigitProgram(source))
        #expect(program.shortest == shortest)
        #expect(program.longest == longest)
    }

    @Test("matches as Python's re: alternatives in order, counts greedy, groups of the path taken")
    func matches() {
        #expect(Self.program("(\\d{3})(\\d{4})", "1234567", whole: true) == Outcome(end: 7, groups: [0..<3, 3..<7]))
        #expect(Self.program("(\\d{3})(\\d{4})", "123456", whole: true) == nil)
        // The first alternative that matches at the start, not the longest.
        #expect(Self.program("1|12", "123", whole: false) == Outcome(end: 1, groups: []))
        #expect(Self.program("1|12", "12", whole: true) == Outcome(end: 2, groups: []))
        // A group on a path given up takes no part.
        #expect(Self.program("(1)?(1\\d)", "12", whole: true) == Outcome(end: 2, groups: [nil, 0..<2]))
        #expect(Self.program("(\\d{2,4})(\\d{3})", "123456", whole: true) == Outcome(end: 6, groups: [0..<3, 3..<6]))
        // `$` only at the end: a prefix rule that applies only before a number of its length.
        #expect(Self.program("([2-9]\\d{2})$|1", "234", whole: false) == Outcome(end: 3, groups: [0..<3]))
        #expect(Self.program("([2-9]\\d{2})$|1", "2345", whole: false) == nil)
        #expect(Self.program("([2-9]\\d{2})$|1", "1234", whole: false) == Outcome(end: 1, groups: [nil]))
        #expect(Self.program("\\d", "١", whole: true) == nil)
    }

    @Test func everyPatternOfTheDataMatchesAsSwiftsRegex() async {
        let wrong = await offThePool { Self.disagreements() }
        #expect(wrong == [])
    }

    /// Where the program and `Regex` disagree: each pattern of each region, whole and at the
    /// start, on the region's example numbers, written with its national prefix and an
    /// international prefix, and every start of those.
    static func disagreements() -> [String] {
        let examples = Dictionary(grouping: AgreementTests.examples) { example in
            let code = PhoneNumbering.callingCode(of: example.e164) ?? ""
            return example.region == "001" ? "001+" + code : example.region
        }
        let store = MetadataStore.shared
        var wrong: [String] = []
        for key in store.keysByCallingCode.values.joined() {
            guard let metadata = store.metadata(key) else { continue }
            let code = metadata.callingCode
            let nationals = examples[key, default: []].map { String($0.e164.dropFirst(1 + code.count)) }
            let texts = nationals.flatMap { [$0, (metadata.nationalPrefix ?? "0") + $0, "00" + code + $0] }
            let starts = Set(texts.flatMap { text in (0...text.count).map { String(text.prefix($0)) } })
            let formats = metadata.nationalFormats + metadata.internationalFormats
            let patterns =
                [metadata.general.pattern] + metadata.types.map(\.description.pattern) + formats.map(\.pattern)
                + formats.flatMap(\.leadingDigitsPatterns)
                + [metadata.internationalPrefix, metadata.nationalPrefixForParsing, metadata.leadingDigits]
                .compactMap { $0 }
            for pattern in patterns {
                guard let program = DigitProgram(pattern.source), let regex = try? Regex(pattern.source) else {
                    wrong.append("\(key) \(pattern.source): not read")
                    continue
                }
                for text in starts {
                    for whole in [true, false] {
                        let mine = outcome(of: program, text, whole: whole)
                        let swift = outcome(of: regex, text, whole: whole)
                        if mine != swift {
                            wrong.append(
                                "\(key) \(pattern.source) \(text) \(whole): \(String(describing: mine)) ≠ \(String(describing: swift))"
                            )
                        }
                    }
                }
            }
        }
        return wrong
    }
}
