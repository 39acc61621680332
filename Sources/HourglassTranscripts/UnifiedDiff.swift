/// A line diff in the unified format of `diff -u`, computed in-process (no external tool, so it
/// works in an iOS test as well as on Linux).
public enum UnifiedDiff: Sendable {
    /// The unified diff from `old` to `new`, with `context` unchanged lines around each change;
    /// empty when they are equal. As `diff -u` does, a last line without a newline differs from
    /// the same line with one and is followed by `\ No newline at end of file`; a carriage
    /// return in a line is shown as `\r`, so that a CRLF line and an LF one look different.
    public static func make(
        from old: String, to new: String, oldName: String = "expected", newName: String = "actual", context: Int = 3
    ) -> String {
        let (left, right) = (lines(of: old), lines(of: new))
        let edits = script(from: left, to: right)
        guard edits.contains(where: { $0.kind != .same }) else { return "" }
        var output = "--- \(oldName)\n+++ \(newName)\n"
        for hunk in hunks(of: edits, context: max(0, context)) {
            let slice = edits[hunk]
            let oldCount = slice.count { $0.kind != .added }
            let newCount = slice.count { $0.kind != .removed }
            let oldStart = slice.first { $0.kind != .added }.map { $0.oldIndex + 1 } ?? slice.first!.oldIndex
            let newStart = slice.first { $0.kind != .removed }.map { $0.newIndex + 1 } ?? slice.first!.newIndex
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for edit in slice {
                output += edit.kind.rawValue + edit.text.shown + "\n"
                if !edit.text.endsWithNewline { output += "\\ No newline at end of file\n" }
            }
        }
        return output
    }

    private enum Kind: String {
        case same = " "
        case removed = "-"
        case added = "+"
    }

    /// One line of the edit script; `oldIndex` / `newIndex` are where it stands in each text
    /// (for an added line, `oldIndex` is the old line it comes before; likewise for removed).
    private struct Edit {
        var kind: Kind
        var text: Line
        var oldIndex: Int
        var newIndex: Int
    }

    /// A line's text, and whether a newline ends it (only a text's last line may lack one).
    private struct Line: Equatable {
        var text: Substring
        var endsWithNewline = true

        /// The text with a carriage return written as `\r`.
        var shown: String { text.contains("\r") ? String(text.replacing("\r", with: "\\r")) : String(text) }
    }

    /// The lines of `text`, split at each line feed, also the one of a CRLF (which a `String`
    /// holds as one character with the carriage return).
    private static func lines(of text: String) -> [Line] {
        let scalars = text.unicodeScalars
        var lines: [Line] = []
        var start = scalars.startIndex
        while let end = scalars[start...].firstIndex(of: "\n") {
            lines.append(Line(text: Substring(scalars[start..<end])))
            start = scalars.index(after: end)
        }
        if start != scalars.endIndex { lines.append(Line(text: Substring(scalars[start...]), endsWithNewline: false)) }
        return lines
    }

    /// `start,count` as diff writes it: the count left out when it is 1.
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }

    /// A shortest edit script by longest common subsequence, on what lies between the common
    /// prefix and suffix; past 16 M cells the middle is written as removed, then added.
    private static func script(from left: [Line], to right: [Line]) -> [Edit] {
        var prefix = 0
        while prefix < left.count, prefix < right.count, left[prefix] == right[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < left.count - prefix, suffix < right.count - prefix,
            left[left.count - 1 - suffix] == right[right.count - 1 - suffix]
        {
            suffix += 1
        }
        let oldMiddle = Array(left[prefix..<(left.count - suffix)])
        let newMiddle = Array(right[prefix..<(right.count - suffix)])
        var edits = (0..<prefix).map { Edit(kind: .same, text: left[$0], oldIndex: $0, newIndex: $0) }
        edits += middle(oldMiddle, newMiddle, offset: prefix)
        let (oldEnd, newEnd) = (left.count - suffix, right.count - suffix)
        edits += (0..<suffix).map {
            Edit(kind: .same, text: left[oldEnd + $0], oldIndex: oldEnd + $0, newIndex: newEnd + $0)
        }
        return edits
    }

    private static func middle(_ old: [Line], _ new: [Line], offset: Int) -> [Edit] {
        let (n, m) = (old.count, new.count)
        guard n * m <= 16_000_000 else {
            return old.indices.map { Edit(kind: .removed, text: old[$0], oldIndex: offset + $0, newIndex: offset) }
                + new.indices.map { Edit(kind: .added, text: new[$0], oldIndex: offset + n, newIndex: offset + $0) }
        }
        // common[i][j]: the longest common subsequence of old[i...] and new[j...].
        var common = [[Int32]](repeating: [Int32](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var (i, j) = (0, 0)
        while i < n || j < m {
            if i < n, j < m, old[i] == new[j] {
                edits.append(Edit(kind: .same, text: old[i], oldIndex: offset + i, newIndex: offset + j))
                (i, j) = (i + 1, j + 1)
            } else if i < n, j == m || common[i + 1][j] >= common[i][j + 1] {
                edits.append(Edit(kind: .removed, text: old[i], oldIndex: offset + i, newIndex: offset + j))
                i += 1
            } else {
                edits.append(Edit(kind: .added, text: new[j], oldIndex: offset + i, newIndex: offset + j))
                j += 1
            }
        }
        return edits
    }

    /// The ranges of the edit script to print: each change with `context` lines around it,
    /// ranges that touch or overlap merged.
    private static func hunks(of edits: [Edit], context: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for index in edits.indices where edits[index].kind != .same {
            let range = max(0, index - context)..<min(edits.count, index + context + 1)
            if let last = ranges.last, range.lowerBound <= last.upperBound {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                ranges.append(range)
            }
        }
        return ranges
    }
}
