/// The one rule for text in a transcript line, linemode's and an app's alike: a line stays one
/// line, and reads in order both as plain text and in a viewer that applies the Unicode bidi
/// algorithm (GitHub's diffs, most editors, fribidi).
///
/// - A control character (a newline, a terminal escape), a line or paragraph separator, a
///   direction mark (U+200E, U+200F, U+061C), an embedding or an override (U+202A…U+202E) is
///   written out as `\u{202E}`: nothing typed or received can break a line, forge another, or
///   reorder what follows it.
/// - An isolate (U+2066…U+2068) closed by its U+2069 in the same text stays as it is: that is
///   how a right-to-left screen keeps a number, a masked destination or a countdown left to
///   right (`SignUpStrings.isolated(_:)`), and a bidi-aware viewer then shows
///   `+20 •• ••••5678` in its place, where a bracket or an escape would let the digits run
///   backwards. An isolate left open, or a U+2069 that closes none, is written out.
///
/// ``TranscriptRecorder`` applies it to every screen line and announcement it records; apply it
/// to text of your own with ``escaped(_:keepingIsolates:)``.
public enum TranscriptText: Sendable {
    /// `text` as a transcript line holds it (see ``TranscriptText``). Idempotent.
    /// - Parameters:
    ///   - text: A screen line, an announcement or any text a transcript will hold.
    ///   - keepingIsolates: `false` writes out every isolate too, as for what a person typed
    ///     into a field, where an invisible character should be seen.
    /// - Returns: `text` with every invisible or line-breaking character written out as an
    ///   escape, and balanced isolates kept unless `keepingIsolates` is `false`.
    public static func escaped(_ text: String, keepingIsolates: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { isDirectional($0) || isBreaking($0) }) else { return text }
        let kept = keepingIsolates ? balancedIsolates(in: text) : []
        var shown = ""
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if isBreaking(scalar) || (isDirectional(scalar) && !kept.contains(offset)) {
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// The offsets of the isolate openers and closers that pair up, as the bidi algorithm pairs
    /// them (BD9: a closer ends the latest open isolate).
    private static func balancedIsolates(in text: String) -> Set<Int> {
        var open: [Int] = []
        var kept: Set<Int> = []
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            switch scalar.value {
            case 0x2066...0x2068:
                open.append(offset)
            case 0x2069:
                if let opener = open.popLast() { kept.formUnion([opener, offset]) }
            default:
                break
            }
        }
        return kept
    }

    /// A character that would break a line: a control character, a line or paragraph separator.
    private static func isBreaking(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// A bidi mark, embedding, override or isolate.
    private static func isDirectional(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x061C || (0x200E...0x200F).contains(scalar.value)
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
