/// A problem with a script: where (the line number), what, and what to write instead.
public struct ScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line, counted from 1; 0 when the problem is the whole input.
    public let line: Int
    /// What is wrong and what is expected.
    public let message: String

    /// A problem on `line`.
    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    /// `line 3: unknown command 'tapp'; did you mean 'tap'?`
    public var description: String { line > 0 ? "line \(line): \(message)" : message }

    /// The problem as a transcript shows it: `! ` and ``description``, built in one go.
    var transcriptLine: String { line > 0 ? "! line \(line): \(message)" : "! \(message)" }
}
