import Foundation
import Hourglass
import HourglassTesting
import Testing

@testable import HourglassLineMode

/// A real clock never prints another transcript with exit 0 (issue 47): a script step that
/// starts late, and the timers behind it, are measured as they start. Each case holds the
/// clock's context with a timer of its own placed just before a step — what a stalled machine
/// does at a moment nobody chooses — beside two threads that burn the CPU.
@Suite("late steps on a real clock")
struct LateStepTests {
    static let clocks: [ClockChoice] = {
        #if os(Linux)
        [.dispatch, .libevent]
        #else
        [.dispatch]
        #endif
    }()

    /// The suspension fixture: `suspend 25.5s` at 3.000, a countdown tick due at 3.300.
    static let fixture = "verification-suspension.en.txt"

    @Test("held half a tick across the suspend and the tick behind it: the fixture, byte for byte", arguments: clocks)
    func heldAcrossTheSuspension(clock: ClockChoice) async throws {
        // From 2.9 to 3.4: the suspend (due 3.0) starts 0.4 s late, after the tick due at 3.3,
        // which must then see the suspension, as on the virtual clock, not run before it.
        let outcome = try await Self.run(
            Self.fixture, on: clock, holding: .milliseconds(2_900)..<(.milliseconds(3_400)))
        let expected = try Self.expected(Self.fixture)
        switch outcome {
        case .transcript(let transcript):
            #expect(transcript == expected)
        case .stalled(let stall):
            // The machine fell a whole tick behind beside the hold: said, never silent.
            #expect(stall.lateness >= ClockStalled.threshold)
        }
    }

    @Test("a step held a tick and a half: the run says the clock fell behind", arguments: clocks)
    func stepHeldATick(clock: ClockChoice) async throws {
        let outcome = try await Self.run(
            Self.fixture, on: clock, holding: .milliseconds(2_900)..<(.milliseconds(4_500)))
        guard case .stalled(let stall) = outcome else {
            Issue.record("a step started 1.5 s of script time late, and the run ended as if on time")
            return
        }
        #expect(stall.lateness >= .milliseconds(1_500))
        #expect(stall.lateness < .seconds(30))
    }

    enum Outcome {
        case transcript(String)
        case stalled(ClockStalled)
    }

    static func expected(_ name: String) throws -> String {
        try String(contentsOf: FixtureTests.directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// Runs fixture `name` on `clock` at a scale of 0.05, its context held over `held` (script
    /// time) by a timer placed before the script starts, beside two CPU burners.
    static func run(_ name: String, on clock: ClockChoice, holding held: Range<Duration>) async throws -> Outcome {
        let fixture = try Fixture(text: try expected(name), directory: FixtureTests.directory)
        return try await FixtureTests.onOwnThread {
            let burners = CPUBurners(count: 2)
            defer { burners.stop() }
            var options = fixture.options
            options.clock = clock
            options.timeScale = 0.05
            let output = TranscriptBuffer()
            let sessionClock = try SessionStepper.clock(for: options)
            let scale = options.timeScale
            try sessionClock.clock.schedule(at: TimerInstant.zero + held.lowerBound) { _ in
                Thread.sleep(forTimeInterval: (held.upperBound - held.lowerBound).seconds * scale)
            }
            let session = LineModeSession(clock: sessionClock.clock, options: options, write: output.append)
            do {
                _ = try SessionStepper(session: session, clock: sessionClock).runScript(ScriptCursor(fixture.script))
                return .transcript(output.text)
            } catch let stall as ClockStalled {
                return .stalled(stall)
            }
        }
    }
}

/// Threads that spin until stopped: a machine busy with other work.
final class CPUBurners: Sendable {
    private let running = Locked(true)

    init(count: Int) {
        for _ in 0..<count {
            Thread { [running] in
                var spins = 0
                while running.withLock({ $0 }) {
                    for _ in 0..<10_000 { spins &+= 1 }
                }
                _ = spins
            }.start()
        }
    }

    func stop() {
        running.withLock { $0 = false }
    }
}
