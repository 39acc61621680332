import Foundation
import SignUp

/// The secrets a script names instead of writing them, so that its transcript (which echoes
/// every command) shows none.
///
/// In a secret field (`code`, `password`, `confirm`, or a custom screen's secret field) and in
/// `server code`, a text that is `$` and a name — ASCII letters, digits, `_` and `-`, starting
/// with a letter or `_` — stands for the secret of that name: `type password $common` types
/// it, and the transcript echoes the line as written. Any other text starting with `$` there is
/// an error (a secret that starts with `$` goes in the secrets file). A secret written as it is (`type password hunter2`) is typed too, and echoed
/// masked (`type password •••••••`).
///
/// The values come from a secrets file of at most 64 KiB, one `name = value` a line (`#` starts
/// a comment line; the value is the rest of the line, its outer spaces trimmed; LF or CRLF
/// line endings), given with `--secrets FILE` (relative to the current directory) or in a
/// fixture's first line (relative to the fixture's directory; for a script on standard input,
/// the current directory). A fixture gives every secret by name: one typed as it is
/// would be masked in the file and could not run again.
public struct ScriptSecrets: Sendable, Equatable {
    private var values: [String: String]

    /// Secrets by name (`["common": "Password123"]`).
    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// Reads a secrets file's text: `name = value` lines, blank lines and `#` comment lines.
    /// - Throws: ``ScriptError`` with the line number when a line is none of these, or names a
    ///   secret twice.
    package init(text: String) throws(ScriptError) {
        values = [:]
        // Lines end with LF or CRLF (one `Character` in Swift); a byte-order mark is skipped.
        let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : text[...]
        let lines = body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, line) in lines.enumerated() {
            let content = line.trimmingCharacters(in: .whitespaces)
            if content.isEmpty || content.hasPrefix("#") { continue }
            guard let equals = content.firstIndex(of: "="),
                case let name = content[..<equals].trimmingCharacters(in: .whitespaces), Self.isName(name)
            else {
                throw ScriptError(line: index + 1, Self.nameRule)
            }
            guard values[name] == nil else { throw ScriptError(line: index + 1, "the secret '\(name)' is given twice") }
            values[name] = content[content.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        }
    }

    /// The value of the secret named `name`, if given.
    public subscript(name: String) -> String? { values[name] }

    /// How a secrets file's line is written.
    static let nameRule =
        "write a secret as NAME = VALUE, NAME of ASCII letters, digits, _ and -, starting with a letter or _; "
        + "e.g. common = Password123"

    /// The name a secret's text refers to (`$common` → `common`), or nil when the text is the
    /// secret itself (it does not start with `$`).
    static func reference(in text: String) -> String? {
        guard text.first == "$" else { return nil }
        return String(text.dropFirst())
    }

    /// Letters, digits, `_` and `-` (ASCII), at least one, starting with a letter or `_`.
    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
        }
    }

    /// The text a script typed, with a `$name` replaced by its secret.
    /// - Throws: ``ScriptError`` on `line` when no secret has that name.
    func resolve(_ text: String, line: Int) throws(ScriptError) -> String {
        guard let name = Self.reference(in: text) else { return text }
        guard Self.isName(name) else {
            throw ScriptError(
                line: line,
                "\(ScriptParser.quoted(text)) is no secret's name: after $ comes a NAME of ASCII letters, digits, _ and -, "
                    + "starting with a letter or _ (a secret that starts with $ goes in the secrets file)")
        }
        guard let value = values[name] else {
            throw ScriptError(
                line: line,
                "no secret named '\(name)'; give its value in a secrets file (NAME = VALUE lines) with --secrets FILE, or in a fixture's first line"
            )
        }
        return value
    }

    /// The largest secrets file read, in bytes.
    static let largestFile = 65_536

    /// The secrets file at `url`, or why it cannot be read (a regular file of at most
    /// ``largestFile`` bytes).
    static func read(_ url: URL) -> Result<ScriptSecrets, ReadFailure> {
        let data: Data
        do { data = try RegularFile.read(url.path, limit: largestFile) } catch {
            if case .tooLarge = error {
                return .failure(
                    ReadFailure(reason: error.reason, hint: "a secrets file is at most \(largestFile) bytes"))
            }
            return .failure(ReadFailure(reason: error.reason, hint: "check the path of the secrets file"))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(ReadFailure(reason: "it is not UTF-8 text"))
        }
        do { return .success(try ScriptSecrets(text: text)) } catch {
            return .failure(ReadFailure(reason: error.description))
        }
    }
}
