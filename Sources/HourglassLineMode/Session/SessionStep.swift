/// One line's work in a run: what the transcript shows for it, and the command to perform.
struct SessionStep: Sendable {
    /// The script line, echoed into the transcript (nil in live mode, where it was typed).
    var echo: Script.Line?
    /// Its problem, written into the transcript (`--keep-going`).
    var error: ScriptError?
    /// What to perform; nil for a blank, comment or bad line.
    var command: ScriptCommand?
}
