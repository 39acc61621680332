import Testing

@testable import HourglassLineMode

/// A script's waits and suspensions may take its clock at most 100 years on: past that the
/// clock's 64-bit nanoseconds would run out, every stamp would stick at the last instant and
/// every timer would fire at once.
@Suite("linemode: a script's clock time stays within what a clock counts")
struct ScriptClockTimeTests {
    static let days = 100 * 365

    @Test("100 years of waits and suspensions are accepted; the line that goes past is an error")
    func script() {
        let script = Script(
            String(repeating: "wait 24h\n", count: Self.days - 1) + "suspend 24h\nshow\nwait 1ms\nsuspend 1s\nshow\n",
            screen: .verification)
        #expect(script.errors.map(\.line) == [Self.days + 2, Self.days + 3])
        #expect(
            script.errors.first?.message
                == "takes the script's clock time past 100 years (its waits and suspensions add up to more), "
                + "more than a clock counts")
        #expect(script.clockTime == .seconds(Self.days * 86_400))
    }

    @Test("live mode: the typed wait that goes past is reported and skipped; the next commands run")
    func typed() {
        var typed = (Array(repeating: "wait 24h", count: Self.days) + ["wait 1s", "show"]).makeIterator()
        var reported: [ScriptError] = []
        var commands = TypedCommands(
            screen: .verification, secrets: ScriptSecrets(), region: nil, prompt: {}, readLine: { typed.next() },
            report: { reported.append($0) })
        var performed: [ScriptCommand] = []
        while let step = commands.next() { performed.append(step.command!) }
        #expect(performed.count == Self.days + 1)
        #expect(performed.last == .show)
        #expect(reported.map(\.line) == [Self.days + 1])
    }
}
