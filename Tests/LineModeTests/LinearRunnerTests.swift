import Hourglass
import TestSupport
import Testing

@testable import HourglassLineMode

/// Running a script is linear in its length on every clock: counted, not timed. A script with
/// a problem on every line is the worst case (each line is matched with its problem).
@Suite("linemode: every runner does work linear in the script's length")
struct LinearRunnerTests {
    #if os(Linux)
    static let clocks = ClockChoice.allCases
    #else
    static let clocks: [ClockChoice] = [.virtual, .dispatch]
    #endif

    static let unknown =
        "unknown command 'tapp'; did you mean 'tap'? (commands: type, clear, choose, tap, wait, suspend, restart, show, server, wall)"
    static let notADuration = "'5x' is not a duration; write e.g. 300ms, 2s, 1.5s, 1m30s or 1h (at most 24h)"

    /// The scripts, read once for all clocks: every line has a problem.
    static let scripts = [10_000, 100_000].reduce(into: [Int: Script]()) { scripts, count in
        scripts[count] = Script(String(repeating: "wait 5x\n", count: count), screen: .verification)
    }

    @Test(
        "10 k and 100 k lines, each with a problem, with --keep-going: one step per line and per problem",
        arguments: clocks, [10_000, 100_000])
    func problemOnEveryLine(clock: ClockChoice, lineCount: Int) throws {
        let script = try #require(Self.scripts[lineCount])
        #expect(script.errors.count == lineCount)
        var options = LineModeOptions()
        options.clock = clock
        options.keepGoing = true
        let transcript = Locked<[String]>([])
        let (errors, steps) = try ScriptRunner.runCountingSteps(script, options: options) { line in
            transcript.withLock { $0.append(line) }
        }
        #expect(errors.count == lineCount)
        #expect(steps == 2 * lineCount)

        let lines = transcript.withLock { $0 }
        let screen = lines.prefix { $0.hasPrefix("[") }
        #expect(screen.count > 0)
        #expect(lines.count == screen.count + 2 * lineCount)
        var mismatches = 0
        for number in 1...lineCount {
            let echo = lines[screen.count + 2 * (number - 1)]
            let problem = lines[screen.count + 2 * (number - 1) + 1]
            if echo != "# (line \(number) not run: it has an error)"
                || problem != "! line \(number): \(Self.notADuration)"
            {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    @Test("the cursor hands out each line once with its own problem, skipping transcript output lines")
    func cursor() {
        let script = Script("# title\n\ntapp send\n[   0.000] destination: \nshow\nwait 5x\n", screen: .verification)
        var cursor = ScriptCursor(script)
        #expect(cursor.takeLeadingComments().map(\.number) == [1, 2])
        var handed: [(Int, String?)] = []
        while let (line, error) = cursor.next() { handed.append((line.number, error?.message)) }
        #expect(handed.map(\.0) == [3, 5, 6])
        #expect(handed.map(\.1) == [Self.unknown, nil, Self.notADuration])
        #expect(cursor.steps == 2 + 3 + 2)
    }
}
