import Foundation
import PhoneNumbers

/// Live mode's source of steps: commands read as they are typed, one at a time. It prompts,
/// reads and parses a line; a bad line (or a wait that would take the session past 100 years
/// of clock time) is reported with its number (counted from 1) and the next is read; `quit` or
/// the end of input ends it.
struct TypedCommands {
    let screen: ScriptScreen
    let secrets: ScriptSecrets
    /// Where a phone number a command names is read.
    let region: PhoneRegion?
    let prompt: () -> Void
    let readLine: () -> String?
    let report: (ScriptError) -> Void
    private var number = 0
    /// The session's waits and suspensions so far, kept within what the clock counts.
    private var clockTime = ScriptClockTime()

    init(
        screen: ScriptScreen, secrets: ScriptSecrets, region: PhoneRegion?, prompt: @escaping () -> Void,
        readLine: @escaping () -> String?, report: @escaping (ScriptError) -> Void
    ) {
        (self.screen, self.secrets, self.region, self.prompt, self.readLine, self.report) = (
            screen, secrets, region, prompt, readLine, report
        )
    }

    /// The next typed command; nil at `quit` or the end of input.
    mutating func next() -> SessionStep? {
        while true {
            prompt()
            guard let text = readLine(), text.trimmingCharacters(in: .whitespaces) != "quit" else { return nil }
            number += 1
            let script = Script(text, screen: screen, secrets: secrets, region: region)
            if let error = script.errors.first {
                report(ScriptError(line: number, error.message))
            } else if let command = script.lines.first?.command {
                do throws(ScriptError) {
                    try clockTime.add(command, line: number)
                    return SessionStep(command: command)
                } catch {
                    report(error)
                }
            }
        }
    }
}
