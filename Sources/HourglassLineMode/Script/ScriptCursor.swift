/// Walks a script's lines in order, each with the problem found on it, in one pass: every
/// runner takes its lines from a cursor, so running a script is linear in its length whatever
/// the number of problems in it.
struct ScriptCursor: Sendable {
    let script: Script
    private var nextLine = 0
    private var nextError = 0
    /// Lines and problems handed out so far: the work done, which a test counts.
    private(set) var steps = 0

    init(_ script: Script) {
        self.script = script
    }

    /// Skips the comment and blank lines before the first command and returns them (a title,
    /// echoed before the screen).
    mutating func takeLeadingComments() -> ArraySlice<Script.Line> {
        let leading = script.leadingComments
        nextLine += leading.count
        steps += leading.count
        return leading
    }

    /// The next line and the problem found on it, if any; nil at the end.
    mutating func next() -> (line: Script.Line, error: ScriptError?)? {
        guard nextLine < script.lines.count else { return nil }
        let line = script.lines[nextLine]
        nextLine += 1
        steps += 1
        // Errors are in line order and a line has at most one: those before this line belong
        // to lines that were skipped (transcript output), and are passed over once.
        while nextError < script.errors.count, script.errors[nextError].line < line.number {
            nextError += 1
            steps += 1
        }
        guard nextError < script.errors.count, script.errors[nextError].line == line.number else {
            return (line, nil)
        }
        nextError += 1
        steps += 1
        return (line, script.errors[nextError - 1])
    }
}
