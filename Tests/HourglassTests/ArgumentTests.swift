import Hourglass
import TestSupport
import Testing

@Suite("Bad arguments fail with typed errors")
struct ArgumentTests {
    let clock = VirtualClock()

    @Test("zero or negative repeat interval")
    func repeatInterval() {
        #expect(throws: TimerError.nonPositiveInterval(.zero)) { try clock.repeating(every: .zero) { _ in } }
        #expect(throws: TimerError.nonPositiveInterval(.seconds(-1))) {
            try clock.repeating(every: .seconds(-1)) { _ in }
        }
        expectNothingPending(clock)
    }

    @Test("negative delay and leeway")
    func negativeDelayAndLeeway() {
        #expect(throws: TimerError.negativeDelay(.milliseconds(-5))) {
            try clock.oneShot(after: .milliseconds(-5)) { _ in }
        }
        #expect(throws: TimerError.negativeDelay(.seconds(-1))) {
            try clock.repeating(every: .seconds(1), startingAfter: .seconds(-1)) { _ in }
        }
        #expect(throws: TimerError.negativeDelay(.seconds(-2))) { try clock.schedule(after: .seconds(-2)) { _ in } }
        #expect(throws: TimerError.negativeLeeway(.seconds(-1))) {
            try clock.oneShot(after: .seconds(1), leeway: .seconds(-1)) { _ in }
        }
        expectNothingPending(clock)
    }

    @Test("countdown duration and tick")
    func countdownArguments() {
        #expect(throws: TimerError.tickLongerThanCountdown(tick: .seconds(2), duration: .seconds(1))) {
            try clock.countdown(for: .seconds(1), tick: .seconds(2), onTick: { _ in }, onFinish: {})
        }
        #expect(throws: TimerError.nonPositiveDuration(.zero)) {
            try clock.countdown(for: .zero, onTick: { _ in }, onFinish: {})
        }
        #expect(throws: TimerError.nonPositiveTick(.zero)) {
            try clock.countdown(for: .seconds(5), tick: .zero, onTick: { _ in }, onFinish: {})
        }
        #expect(throws: TimerError.nonPositiveTick(.seconds(-1))) {
            try clock.countdown(until: .seconds(5), tick: .seconds(-1), onTick: { _ in }, onFinish: {})
        }
        expectNothingPending(clock)
    }

    @Test("frame rate out of range")
    func frameRate() {
        #expect(throws: TimerError.invalidFrameRate(0)) { try clock.frameTicker(framesPerSecond: 0) { _ in } }
        #expect(throws: TimerError.invalidFrameRate(1_001)) { try clock.frameTicker(framesPerSecond: 1_001) { _ in } }
        expectNothingPending(clock)
    }

    @Test("durations beyond the 64-bit nanosecond range")
    func outOfRange() {
        let huge = Duration.seconds(Int64.max / 2)
        #expect(throws: TimerError.durationOutOfRange(huge)) { try clock.oneShot(after: huge) { _ in } }
        expectNothingPending(clock)
    }

    @Test("non-finite numbers in the Double conveniences", arguments: [Double.nan, .infinity, -.infinity, 1e300])
    func nonFiniteSeconds(value: Double) {
        expectNonFinite("delay", value) { try clock.oneShot(afterSeconds: value) { _ in } }
        expectNonFinite("interval", value) { try clock.repeating(everySeconds: value) { _ in } }
        expectNonFinite("tick", value) {
            try clock.countdown(forSeconds: 60, tickSeconds: value, onTick: { _ in }, onFinish: {})
        }
        expectNothingPending(clock)
    }

    /// NaN is never equal to itself, so the thrown value is compared by hand.
    private func expectNonFinite(
        _ parameter: String, _ value: Double, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws -> TimerHandle
    ) {
        let error = #expect(throws: TimerError.self, sourceLocation: sourceLocation) { try body() }
        guard case .nonFiniteSeconds(let named, let got)? = error else {
            Issue.record("expected nonFiniteSeconds, got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        #expect(named == parameter, sourceLocation: sourceLocation)
        #expect(got.isNaN ? value.isNaN : got == value, sourceLocation: sourceLocation)
    }

    @Test("the Double conveniences are checked like the Duration ones")
    func doubleConveniences() throws {
        #expect(throws: TimerError.nonPositiveInterval(.zero)) { try clock.repeating(everySeconds: 0) { _ in } }
        #expect(throws: TimerError.negativeDelay(.milliseconds(-500))) {
            try clock.oneShot(afterSeconds: -0.5) { _ in }
        }
        let fired = Recorder<TimerInstant>()
        let handle = try clock.oneShot(afterSeconds: 1.25) { fired.append($0.scheduled) }
        clock.advance(by: .seconds(2))
        #expect(fired.values == [.milliseconds(1_250)])
        #expect(handle.state == .finished)
        expectNothingPending(clock)
    }

    @Test("a negative part of a nanosecond is negative; a positive one under a nanosecond is no interval")
    func subNanosecond() throws {
        let tiny = Duration(secondsComponent: 0, attosecondsComponent: -1)
        #expect(throws: TimerError.negativeDelay(tiny)) { try clock.oneShot(after: tiny) { _ in } }
        #expect(throws: TimerError.negativeLeeway(tiny)) { try clock.schedule(after: .zero, leeway: tiny) { _ in } }
        let half = Duration(secondsComponent: 0, attosecondsComponent: 500_000_000)
        #expect(throws: TimerError.nonPositiveInterval(half)) { try clock.repeating(every: half) { _ in } }
        // A positive fraction of a nanosecond as a delay is a delay of zero: it fires at once.
        let fired = Recorder<TimerInstant>()
        let handle = try clock.oneShot(after: half) { fired.append($0.scheduled) }
        clock.advance(by: .zero)
        #expect(fired.values == [clock.now])
        #expect(handle.state == .finished)
        expectNothingPending(clock)
    }

    @Test("error messages say what was wrong and what to pass")
    func messages() {
        #expect(
            TimerError.nonPositiveInterval(.zero).description
                == "repeat interval must be at least 1 nanosecond, got 0.0 seconds; pass a positive Duration")
        #expect(
            TimerError.tickLongerThanCountdown(tick: .seconds(2), duration: .seconds(1)).description
                == "countdown tick 2.0 seconds is longer than the countdown 1.0 seconds; pass a tick of at most the duration"
        )
        #expect(
            TimerError.nonFiniteSeconds(parameter: "delay", value: .nan).description
                == "delay must be a finite number of seconds within ±292 years, got nan")
    }
}
