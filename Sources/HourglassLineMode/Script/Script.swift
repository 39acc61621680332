public import Foundation
public import PhoneNumbers

/// A script read and parsed: every line kept (for echoing), each command understood, and
/// every problem found, with its line number. Lines that start with `[` or `! ` are output
/// of an earlier run (a fixture) and are skipped, so a transcript runs as a script.
public struct Script: Sendable {
    /// One line of the script.
    public struct Line: Sendable {
        /// Counted from 1.
        public let number: Int
        /// The line as written.
        public let text: String
        /// The command, or nil for a blank line, a comment or a line with an error.
        let command: ScriptCommand?
    }

    /// Every line, in order.
    public let lines: [Line]
    /// Every problem, in line order.
    public let errors: [ScriptError]

    /// Parses `data` for `screen`. A UTF-8 byte-order mark at the start is skipped; lines end
    /// with LF or CRLF. Checks each line's bytes first: valid UTF-8, no NUL byte, no carriage
    /// return but the one of a CRLF ending (CR-only line endings are refused, not read as one
    /// long line), no other control character but a tab, vertical tab or form feed, at most
    /// 1 000 characters. A secret named `$name` is looked up in `secrets`; a phone number a
    /// line names (`server account 138 1234 5678`) is read in `region`, as the screen reads one.
    public init(
        data: Data, screen: ScriptScreen, secrets: ScriptSecrets = ScriptSecrets(), region: PhoneRegion? = nil
    ) {
        var lines: [Line] = []
        var errors: [ScriptError] = []
        // One copy into an array: its slices are cheap, where slices of `Data` are not.
        let all = [UInt8](data)
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let text = all.starts(with: byteOrderMark) ? all.dropFirst(byteOrderMark.count) : all[...]
        // Each line in turn, up to its LF (none after the last line but the LF that ends it):
        // no array of all of them.
        var start = text.startIndex
        var number = 0
        var clockTime = ScriptClockTime()
        while start != text.endIndex {
            let end = text[start...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
            var bytes = text[start..<end]
            start = end == text.endIndex ? end : text.index(after: end)
            number += 1
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            if bytes.contains(0) {
                errors.append(
                    ScriptError(line: number, "contains a NUL byte; a script is plain text, one command a line"))
                lines.append(Line(number: number, text: "", command: nil))
                continue
            }
            if bytes.contains(UInt8(ascii: "\r")) {
                errors.append(ScriptError(line: number, Self.carriageReturnMessage))
                lines.append(Line(number: number, text: "", command: nil))
                continue
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                errors.append(ScriptError(line: number, "is not valid UTF-8; save the script as UTF-8 text"))
                lines.append(Line(number: number, text: "", command: nil))
                continue
            }
            if let control = text.unicodeScalars.first(where: Self.isRefusedControl) {
                errors.append(
                    ScriptError(
                        line: number,
                        "contains the control character \(ScriptParser.quoted(String(control))); a script is plain text"
                    )
                )
                lines.append(Line(number: number, text: "", command: nil))
                continue
            }
            // A line of at most that many bytes has at most that many characters: counting
            // characters (grapheme clusters) is needed only past it.
            guard bytes.count <= ScriptParser.longestLine || text.count <= ScriptParser.longestLine else {
                errors.append(
                    ScriptError(
                        line: number,
                        "is \(text.count) characters long, more than the \(ScriptParser.longestLine) allowed; split it")
                )
                lines.append(Line(number: number, text: String(text.prefix(80)), command: nil))
                continue
            }
            // Output lines of a transcript: a fixture file runs as a script as it is.
            if text.hasPrefix("[") || text.hasPrefix("! ") { continue }
            do {
                let command = try ScriptParser.parse(
                    text, line: number, screen: screen, secrets: secrets, region: region)
                try clockTime.add(command, line: number)
                lines.append(Line(number: number, text: text, command: command))
            } catch {
                errors.append(error)
                lines.append(Line(number: number, text: text, command: nil))
            }
        }
        self.lines = lines
        self.errors = errors
        waited = clockTime.total
    }

    /// A control character that a line may not hold: any but the tab, vertical tab and form
    /// feed (which separate words). Terminal escapes typed into a field would otherwise reach
    /// the transcript as they are.
    private static func isRefusedControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control && scalar != "\t" && scalar != "\u{0B}" && scalar != "\u{0C}"
    }

    static let carriageReturnMessage =
        "contains a carriage return (CR) that does not end a CRLF line ending; CR-only line endings are not read: "
        + "save the script with LF or CRLF line endings"

    /// How much clock time the script lets pass (its waits and suspensions together): at most
    /// 100 years, as a line that would take it further is an error.
    public var clockTime: Duration { waited }

    /// The longest line a script may have, in characters; a longer one is an error.
    public static var longestLine: Int { ScriptParser.longestLine }

    /// ``clockTime``, counted while the lines were read.
    private let waited: Duration

    /// The comment and blank lines before the first command: a title, echoed before the screen.
    var leadingComments: ArraySlice<Line> {
        let errorLines = Set(errors.map(\.line))
        return lines.prefix { $0.command == nil && !errorLines.contains($0.number) }
    }

    /// Parses `text` for `screen`, with `secrets` for the `$name`s it types and `region` for the
    /// phone numbers it names.
    public init(
        _ text: String, screen: ScriptScreen, secrets: ScriptSecrets = ScriptSecrets(), region: PhoneRegion? = nil
    ) {
        self.init(data: Data(text.utf8), screen: screen, secrets: secrets, region: region)
    }
}
