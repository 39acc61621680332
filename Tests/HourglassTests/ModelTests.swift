import Hourglass
import TestSupport
import Testing

/// `VirtualClock` against ``ReferenceModel`` over 10 000 random programs. A failure prints
/// its seed and the program shrunk to the fewest operations that still disagree.
@Suite("Model test: VirtualClock against a reference model")
struct ModelTests {
    @Test("10 000 random programs give the same callbacks and the same final states")
    func randomPrograms() {
        for seed in UInt64(1)...10_000 {
            let program = Self.program(seed: seed)
            guard Self.disagrees(program) else { continue }
            let shrunk = Self.shrink(program)
            let real = runOnVirtualClock(shrunk)
            let model = ReferenceModel.run(shrunk)
            Issue.record(
                """
                seed \(seed) disagrees; shrunk to \(shrunk.count) operations: \(shrunk)
                clock: \(real.fires) \(real.states)
                model: \(model.fires) \(model.states)
                """)
            return
        }
    }

    @Test("100 long programs that cancel and pause much (stale heap entries compacted) agree too")
    func churningPrograms() {
        for seed in UInt64(1)...100 {
            var random = SplitMix64(seed: seed)
            let program = (0..<300).map { _ in TimerOperation.randomChurn(using: &random) } + [.advance(300)]
            guard Self.disagrees(program) else { continue }
            let shrunk = Self.shrink(program)
            Issue.record("churn seed \(seed) disagrees; shrunk to \(shrunk.count) operations: \(shrunk)")
            return
        }
    }

    @Test("1 000 random programs at the edges of the instant range (time saturates at the last instant) agree too")
    func extremePrograms() {
        for seed in UInt64(1)...1_000 {
            var random = SplitMix64(seed: seed)
            let program = (0..<Int.random(in: 1...30, using: &random)).map { _ in
                TimerOperation.randomExtreme(using: &random)
            }
            guard Self.disagrees(program) else { continue }
            let shrunk = Self.shrink(program)
            let real = runOnVirtualClock(shrunk)
            let model = ReferenceModel.run(shrunk)
            Issue.record(
                """
                extreme seed \(seed) disagrees; shrunk to \(shrunk.count) operations: \(shrunk)
                clock: \(real.fires) \(real.states)
                model: \(model.fires) \(model.states)
                """)
            return
        }
    }

    @Test("the model test can fail: a wrong model is caught and shrunk")
    func modelCatchesADifference() {
        let program: [TimerOperation] = [
            .advance(5), .oneShot(delay: 10, running: true),
            .repeating(interval: 3, start: 0, burst: false, running: true),
            .advance(7), .suspend(20), .advance(1),
        ]
        var real = runOnVirtualClock(program)
        #expect(real.fires == ReferenceModel.run(program).fires)
        real.fires.removeLast()
        #expect(real.fires != ReferenceModel.run(program).fires)
        // Shrinking keeps only what is needed for a program to fail the given check.
        let shrunk = Self.shrink(program) { candidate in
            candidate.contains(.suspend(20)) && candidate.contains(.advance(7))
        }
        #expect(shrunk == [.advance(7), .suspend(20)])
    }

    static func program(seed: UInt64) -> [TimerOperation] {
        var random = SplitMix64(seed: seed)
        return (0..<Int.random(in: 1...40, using: &random)).map { _ in TimerOperation.random(using: &random) }
    }

    static func disagrees(_ program: [TimerOperation]) -> Bool {
        let real = runOnVirtualClock(program)
        let model = ReferenceModel.run(program)
        return real.fires != model.fires || real.states != model.states
    }

    /// Removes operations one at a time, then halves durations, while the program still fails.
    static func shrink(_ program: [TimerOperation], failing: ([TimerOperation]) -> Bool = disagrees) -> [TimerOperation]
    {
        var current = program
        var progress = true
        while progress {
            progress = false
            for index in current.indices.reversed() where index < current.count {
                var candidate = current
                candidate.remove(at: index)
                if failing(candidate) {
                    current = candidate
                    progress = true
                }
            }
            for index in current.indices {
                guard let smaller = current[index].halved else { continue }
                var candidate = current
                candidate[index] = smaller
                if failing(candidate) {
                    current = candidate
                    progress = true
                }
            }
        }
        return current
    }
}

extension TimerOperation {
    /// The same operation with its durations halved, if any is above zero.
    var halved: TimerOperation? {
        switch self {
        case .oneShot(let delay, let running) where delay > 0: .oneShot(delay: delay / 2, running: running)
        case .repeating(let interval, let start, let burst, let running) where interval > 1 || start > 0:
            .repeating(interval: max(1, interval / 2), start: start / 2, burst: burst, running: running)
        case .advance(let ms) where ms > 0: .advance(ms / 2)
        case .suspend(let ms) where ms > 0: .suspend(ms / 2)
        case .oneShotNanoseconds(let delay, let running) where delay > 0:
            .oneShotNanoseconds(delay: delay / 2, running: running)
        case .advanceNanoseconds(let ns) where ns > 0: .advanceNanoseconds(ns / 2)
        case .suspendNanoseconds(let ns) where ns > 0: .suspendNanoseconds(ns / 2)
        default: nil
        }
    }
}
