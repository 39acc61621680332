/// One of the metadata's regular expressions, compiled: a national number pattern, a leading
/// digits pattern, a prefix. libphonenumber's patterns use a small common syntax (classes of
/// digits, groups, alternation, counted repetition), which ``DigitProgram`` runs as Python's `re`
/// does. Not Swift's `Regex`: a number is matched against a dozen patterns each time it is read
/// or written, and with `Regex` reading a Chinese mobile took 17.5 µs, masking it 36 µs (2.4 µs
/// and 8 µs with programs, in release). A class: a number is matched against the patterns of
/// the metadata's formats, which hold them, and a struct of a `String` and an array was copied
/// (three retains) for every match.
final class NumberPattern: Sendable {
    /// The pattern as the metadata writes it.
    let source: String
    /// Nil when the pattern is not of the syntax ``DigitProgram`` reads: it then matches nothing
    /// (the data's test checks that every pattern compiles).
    private let program: DigitProgram?
    /// The fewest and the most digits a match takes (the program's; none: `Int.max` and 0),
    /// kept here so that a number of another length is refused before any call.
    let shortest: Int, longest: Int

    init(_ source: String) {
        self.source = source
        program = DigitProgram(source)
        (shortest, longest) = program.map { ($0.shortest, $0.longest) } ?? (.max, 0)
    }

    /// Whether the pattern compiles.
    var compiles: Bool { program != nil }

    /// Whether the pattern matches the whole of `digits`.
    func matchesWhole(_ digits: Substring) -> Bool {
        end(on: digits, whole: true) != nil
    }

    /// Whether the pattern matches at the start of `digits`; as ``matchAtStart(_:)`` without
    /// its groups, and without allocating.
    func matchesAtStart(_ digits: Substring) -> Bool {
        end(on: digits, whole: false) != nil
    }

    /// How far a match at the start (or of the whole) of `digits` reaches, in UTF-8 units.
    private func end(on digits: Substring, whole: Bool) -> Int? {
        guard let program else { return nil }
        if let result = digits.utf8.withContiguousStorageIfAvailable({ program.matchEnd($0, whole: whole) }) {
            return result
        }
        return Array(digits.utf8).withUnsafeBufferPointer { program.matchEnd($0, whole: whole) }
    }

    /// Whether the pattern matches the whole of `digits` (ASCII digits), without allocating.
    func matchesWhole(_ digits: [UInt8]) -> Bool {
        guard digits.count >= shortest, digits.count <= longest, let program else { return false }
        return digits.withUnsafeBufferPointer { program.matchEnd($0, whole: true) } != nil
    }

    /// Whether the pattern matches at the start of `digits` (ASCII digits), without allocating.
    func matchesAtStart(_ digits: [UInt8]) -> Bool {
        matchEnd(atStartOf: digits) != nil
    }

    /// How many of `digits` (ASCII digits) the match at their start takes; nil: no match.
    func matchEnd(atStartOf digits: [UInt8]) -> Int? {
        guard digits.count >= shortest, let program else { return nil }
        return digits.withUnsafeBufferPointer { program.matchEnd($0, whole: false) }
    }

    /// `body` given the match at the start of `digits` (ASCII digits): how many it takes, and
    /// each group's start and end (-1: took no part), two slots a group, in a buffer on the
    /// stack; nil when the pattern does not match there.
    func withMatch<Result>(
        atStartOf digits: UnsafeBufferPointer<UInt8>, _ body: (_ end: Int, _ slots: UnsafeBufferPointer<Int>) -> Result
    ) -> Result? {
        guard let program else { return nil }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: max(2 * program.groupCount, 1)) { slots in
            let slots = UnsafeMutableBufferPointer(rebasing: slots[..<(2 * program.groupCount)])
            guard let end = program.run(digits, whole: false, slots: slots) else { return nil }
            return body(end, UnsafeBufferPointer(slots))
        }
    }

    /// The match at the start of `digits`, if any: how far it reaches and its groups (nil for a
    /// group that took no part).
    func matchAtStart(_ digits: Substring) -> (end: String.Index, groups: [Substring?])? {
        guard let (end, slots) = run(on: digits, whole: false) else { return nil }
        return (Self.index(end, in: digits), Self.groups(slots, in: digits))
    }

    /// `digits` matched whole, with `template`'s `$1`…`$9` replaced by the groups; nil when the
    /// pattern does not match the whole.
    func substitute(_ template: String, in digits: Substring) -> String? {
        guard let (_, slots) = run(on: digits, whole: true) else { return nil }
        return Self.expand(template, groups: Self.groups(slots, in: digits))
    }

    /// The program run on the UTF-8 of `digits` (ASCII digits, as a parser hands them).
    private func run(on digits: Substring, whole: Bool) -> (end: Int, slots: [Int])? {
        guard let program else { return nil }
        if let result = digits.utf8.withContiguousStorageIfAvailable({ program.run($0, whole: whole) }) {
            return result
        }
        return Array(digits.utf8).withUnsafeBufferPointer { program.run($0, whole: whole) }
    }

    /// The index `offset` UTF-8 units into `digits`.
    private static func index(_ offset: Int, in digits: Substring) -> String.Index {
        digits.utf8.index(digits.startIndex, offsetBy: offset)
    }

    /// The groups that a match's slots mark in `digits`.
    private static func groups(_ slots: [Int], in digits: Substring) -> [Substring?] {
        stride(from: 0, to: slots.count, by: 2).map { slot in
            guard slots[slot] >= 0, slots[slot + 1] >= 0 else { return nil }
            return digits[index(slots[slot], in: digits)..<index(slots[slot + 1], in: digits)]
        }
    }

    /// `template` with `$N` replaced by group N (empty when it took no part).
    static func expand(_ template: String, groups: [Substring?]) -> String {
        var result = ""
        var characters = template[...]
        while let first = characters.first {
            characters = characters.dropFirst()
            if first == "$", let digit = characters.first?.wholeNumberValue, digit >= 1 {
                characters = characters.dropFirst()
                result += digit <= groups.count ? groups[digit - 1].map(String.init) ?? "" : ""
            } else {
                result.append(first)
            }
        }
        return result
    }
}
