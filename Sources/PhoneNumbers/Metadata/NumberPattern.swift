/// One of the metadata's regular expressions, compiled: a national number pattern, a leading
/// digits pattern, a prefix. libphonenumber's patterns use a small common syntax (classes,
/// groups, alternation, counted repetition) that Swift's `Regex` reads as Python's `re` does.
struct NumberPattern: @unchecked Sendable {
    // @unchecked: `Regex<AnyRegexOutput>` is not declared Sendable because an `AnyRegexOutput`
    // may hold any captured value; a regex compiled from a string, as here, holds only the
    // pattern and captures `Substring`s, and is never mutated after `init`.
    /// The pattern as the metadata writes it.
    let source: String
    /// Nil when Swift cannot read the pattern: it then matches nothing (the data's test checks
    /// that every pattern compiles).
    private let regex: Regex<AnyRegexOutput>?

    init(_ source: String) {
        self.source = source
        regex = try? Regex(source)
    }

    /// Whether Swift's `Regex` reads the pattern.
    var compiles: Bool { regex != nil }

    /// Whether the pattern matches the whole of `digits`.
    func matchesWhole(_ digits: Substring) -> Bool {
        guard let regex else { return false }
        return (try? regex.wholeMatch(in: digits)) != nil
    }

    /// The match at the start of `digits`, if any: how far it reaches and its groups (nil for a
    /// group that took no part).
    func matchAtStart(_ digits: Substring) -> (end: String.Index, groups: [Substring?])? {
        guard let regex, let match = try? regex.prefixMatch(in: digits) else { return nil }
        return (match.range.upperBound, match.output.dropFirst().map(\.substring))
    }

    /// `digits` matched whole, with `template`'s `$1`…`$9` replaced by the groups; nil when the
    /// pattern does not match the whole.
    func substitute(_ template: String, in digits: Substring) -> String? {
        guard let regex, let match = try? regex.wholeMatch(in: digits) else { return nil }
        return Self.expand(template, groups: match.output.dropFirst().map(\.substring))
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
