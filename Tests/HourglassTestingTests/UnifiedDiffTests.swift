import Foundation
import HourglassTesting
import TestSupport
import Testing

@Suite("UnifiedDiff: diff -u, in-process")
struct UnifiedDiffTests {
    static let ten = (1...10).map { "line \($0)\n" }.joined()

    @Test("equal texts give no diff")
    func equal() {
        #expect(UnifiedDiff.make(from: Self.ten, to: Self.ten) == "")
        #expect(UnifiedDiff.make(from: "", to: "") == "")
    }

    @Test("one changed line, with three lines of context on each side")
    func oneChange() {
        let changed = Self.ten.replacingOccurrences(of: "line 5\n", with: "line five\n")
        #expect(
            UnifiedDiff.make(from: Self.ten, to: changed) == """
                --- expected
                +++ actual
                @@ -2,7 +2,7 @@
                 line 2
                 line 3
                 line 4
                -line 5
                +line five
                 line 6
                 line 7
                 line 8

                """)
    }

    @Test("changes far apart make two hunks; a line added at the start and one removed at the end")
    func twoHunks() {
        let changed = "line 0\n" + Self.ten.replacingOccurrences(of: "line 10\n", with: "")
        #expect(
            UnifiedDiff.make(from: Self.ten, to: changed, oldName: "a.txt", newName: "b.txt") == """
                --- a.txt
                +++ b.txt
                @@ -1,3 +1,4 @@
                +line 0
                 line 1
                 line 2
                 line 3
                @@ -7,4 +8,3 @@
                 line 7
                 line 8
                 line 9
                -line 10

                """)
    }

    @Test("from an empty text, and with no context")
    func edges() {
        #expect(UnifiedDiff.make(from: "", to: "a\nb\n") == "--- expected\n+++ actual\n@@ -0,0 +1,2 @@\n+a\n+b\n")
        #expect(
            UnifiedDiff.make(from: "a\nb\nc\n", to: "a\nB\nc\n", context: 0)
                == "--- expected\n+++ actual\n@@ -2 +2 @@\n-b\n+B\n")
    }

    @Test("a missing final newline is a difference, shown as diff -u shows it; a carriage return is shown as \\r")
    func invisibleDifferences() {
        #expect(
            UnifiedDiff.make(from: "a\n2", to: "a\n2\n")
                == "--- expected\n+++ actual\n@@ -1,2 +1,2 @@\n a\n-2\n\\ No newline at end of file\n+2\n")
        #expect(
            UnifiedDiff.make(from: "a\nb\n", to: "a\r\nb\n")
                == "--- expected\n+++ actual\n@@ -1,2 +1,2 @@\n-a\n+a\\r\n b\n")
        #expect(UnifiedDiff.make(from: "a\n2", to: "a\n2") == "")
    }

    @Test("500 random pairs: applying the diff to the old text gives the new one, and it is minimal")
    func randomPairsRoundTrip() throws {
        var random = SplitMix64(seed: 0x5EED)
        for _ in 0..<500 {
            let old = (0..<Int(random.next() % 30)).map { _ in "l\(random.next() % 6)" }
            var new = old
            for _ in 0..<Int(random.next() % 6) {
                let position = Int(random.next() % UInt64(new.count + 1))
                if random.next() % 2 == 0 || new.isEmpty {
                    new.insert("n\(random.next() % 6)", at: position)
                } else {
                    new.remove(at: min(position, new.count - 1))
                }
            }
            let (oldText, newText) = (old.map { $0 + "\n" }.joined(), new.map { $0 + "\n" }.joined())
            let diff = UnifiedDiff.make(from: oldText, to: newText)
            #expect(try Self.apply(diff, to: old) == new, "\(old) → \(new):\n\(diff)")
            let changed = diff.split(separator: "\n").dropFirst(2).filter { $0.hasPrefix("-") || $0.hasPrefix("+") }
            #expect(changed.count == old.count + new.count - 2 * Self.longestCommon(old, new))
        }
    }

    /// Applies a unified diff to `lines`, checking every context and removed line.
    static func apply(_ diff: String, to lines: [String]) throws -> [String] {
        guard !diff.isEmpty else { return lines }
        var result: [String] = []
        var next = 0
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2) where !line.isEmpty {
            if line.hasPrefix("@@") {
                let old = line.split(separator: " ")[1].dropFirst().split(separator: ",")
                let start = try #require(Int(old[0]))
                let count = old.count > 1 ? try #require(Int(old[1])) : 1
                let first = count == 0 ? start : start - 1
                while next < first {
                    result.append(lines[next])
                    next += 1
                }
            } else if line.hasPrefix("+") {
                result.append(String(line.dropFirst()))
            } else {
                try #require(lines[next] == line.dropFirst())
                if line.hasPrefix(" ") { result.append(lines[next]) }
                next += 1
            }
        }
        return result + lines[next...]
    }

    static func longestCommon(_ a: [String], _ b: [String]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in a.indices.reversed() {
            for j in b.indices.reversed() {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }
}
