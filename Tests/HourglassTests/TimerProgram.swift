import Hourglass
import TestSupport

/// A random program of timer operations, run on `VirtualClock` and on ``ReferenceModel``.
/// Times are in milliseconds; a timer is named by its creation number, modulo how many exist.
enum TimerOperation: Hashable, CustomStringConvertible {
    case oneShot(delay: Int64, running: Bool)
    case repeating(interval: Int64, start: Int64, burst: Bool, running: Bool)
    case start(Int)
    case cancel(Int)
    case pause(Int)
    case resume(Int)
    case fire(Int)
    case advance(Int64)
    case suspend(Int64)
    /// The same, in nanoseconds, for values at the edges of the instant range.
    case oneShotNanoseconds(delay: Int64, running: Bool)
    case repeatingNanoseconds(interval: Int64, start: Int64, burst: Bool, running: Bool)
    case advanceNanoseconds(Int64)
    case suspendNanoseconds(Int64)

    var description: String {
        switch self {
        case .oneShot(let delay, let running): "oneShot(\(delay)ms\(running ? "" : ", stopped"))"
        case .repeating(let interval, let start, let burst, let running):
            "repeating(every \(interval)ms, first after \(start)ms, \(burst ? "burst" : "skip")\(running ? "" : ", stopped"))"
        case .start(let i): "start(#\(i))"
        case .cancel(let i): "cancel(#\(i))"
        case .pause(let i): "pause(#\(i))"
        case .resume(let i): "resume(#\(i))"
        case .fire(let i): "fire(#\(i))"
        case .advance(let ms): "advance(\(ms)ms)"
        case .suspend(let ms): "suspend(\(ms)ms)"
        case .oneShotNanoseconds(let delay, let running): "oneShot(\(delay)ns\(running ? "" : ", stopped"))"
        case .repeatingNanoseconds(let interval, let start, let burst, let running):
            "repeating(every \(interval)ns, first after \(start)ns, \(burst ? "burst" : "skip")\(running ? "" : ", stopped"))"
        case .advanceNanoseconds(let ns): "advance(\(ns)ns)"
        case .suspendNanoseconds(let ns): "suspend(\(ns)ns)"
        }
    }

    /// A random operation.
    static func random(using random: inout SplitMix64) -> TimerOperation {
        func ms(_ range: ClosedRange<Int64>) -> Int64 { Int64.random(in: range, using: &random) }
        let running = Int.random(in: 0..<5, using: &random) > 0
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<15: return .oneShot(delay: ms(0...60), running: running)
        case 15..<25:
            return .repeating(
                interval: ms(1...30), start: ms(0...40), burst: Bool.random(using: &random), running: running)
        case 25..<30: return .start(Int.random(in: 0..<8, using: &random))
        case 30..<40: return .cancel(Int.random(in: 0..<8, using: &random))
        case 40..<48: return .pause(Int.random(in: 0..<8, using: &random))
        case 48..<56: return .resume(Int.random(in: 0..<8, using: &random))
        case 56..<64: return .fire(Int.random(in: 0..<8, using: &random))
        case 64..<92: return .advance(ms(0...80))
        default: return .suspend(ms(0...200))
        }
    }

    /// A random operation of a program that reaches the edges of the instant range: delays,
    /// advances and suspensions up to Int64.max nanoseconds, so time saturates at the last
    /// instant; repeating intervals of at least 2^60 ns, so crossing the range takes few ticks.
    static func randomExtreme(using random: inout SplitMix64) -> TimerOperation {
        let edges: [Int64] = [0, 1, 1_000_000, 1 << 60, 1 << 62, .max / 2, .max - 1, .max]
        let intervals: [Int64] = [1 << 60, 1 << 61, 1 << 62, .max / 2, .max - 1, .max]
        func edge() -> Int64 { edges.randomElement(using: &random)! }
        let running = Int.random(in: 0..<5, using: &random) > 0
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<15: return .oneShotNanoseconds(delay: edge(), running: running)
        case 15..<20: return .oneShot(delay: Int64.random(in: 0...60, using: &random), running: running)
        case 20..<35:
            return .repeatingNanoseconds(
                interval: intervals.randomElement(using: &random)!, start: edge(),
                burst: Bool.random(using: &random), running: running)
        case 35..<40: return .start(Int.random(in: 0..<8, using: &random))
        case 40..<48: return .cancel(Int.random(in: 0..<8, using: &random))
        case 48..<56: return .pause(Int.random(in: 0..<8, using: &random))
        case 56..<64: return .resume(Int.random(in: 0..<8, using: &random))
        case 64..<70: return .fire(Int.random(in: 0..<8, using: &random))
        case 70..<85: return .advanceNanoseconds(edge())
        default: return .suspendNanoseconds(edge())
        }
    }

    /// A random operation of a long program that cancels and pauses much and advances little,
    /// so that stale heap entries pile up past the queue's compaction threshold.
    static func randomChurn(using random: inout SplitMix64) -> TimerOperation {
        func ms(_ range: ClosedRange<Int64>) -> Int64 { Int64.random(in: range, using: &random) }
        let target = Int.random(in: 0..<400, using: &random)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<25: return .oneShot(delay: ms(0...600), running: true)
        case 25..<30:
            return .repeating(
                interval: ms(1...50), start: ms(0...100), burst: Bool.random(using: &random), running: true)
        case 30..<70: return .cancel(target)
        case 70..<80: return .pause(target)
        case 80..<88: return .resume(target)
        case 88..<92: return .fire(target)
        case 92..<98: return .advance(ms(0...20))
        default: return .suspend(ms(0...40))
        }
    }
}

/// One callback as a test sees it.
struct FireRecord: Hashable, CustomStringConvertible {
    let timer: Int
    let scheduled: Int64
    let now: Int64
    let index: Int64
    let missed: Int64
    let isManual: Bool

    var description: String {
        "#\(timer) at \(now)ns for \(scheduled)ns index \(index) missed \(missed)\(isManual ? " manual" : "")"
    }
}

/// Runs a program on a real `VirtualClock`; returns every callback and each timer's final state.
func runOnVirtualClock(_ program: [TimerOperation]) -> (fires: [FireRecord], states: [TimerState]) {
    let clock = VirtualClock()
    let log = Recorder<FireRecord>()
    var handles: [TimerHandle] = []
    func handle(_ i: Int) -> TimerHandle? { handles.isEmpty ? nil : handles[i % handles.count] }
    for operation in program {
        let number = handles.count
        let record: @Sendable (TimerFire) -> Void = { fire in
            log.append(
                FireRecord(
                    timer: number, scheduled: fire.scheduled.nanoseconds, now: fire.now.nanoseconds,
                    index: fire.index, missed: fire.missedTicks, isManual: fire.isManual))
        }
        switch operation {
        case .oneShot(let delay, let running):
            if let timer = try? clock.oneShot(after: .milliseconds(delay), startsRunning: running, record) {
                handles.append(timer)
            }
        case .repeating(let interval, let start, let burst, let running):
            if let timer = try? clock.repeating(
                every: .milliseconds(interval), startingAfter: .milliseconds(start),
                policy: burst ? .burst : .skip, startsRunning: running, record)
            {
                handles.append(timer)
            }
        case .start(let i): handle(i)?.start()
        case .cancel(let i): handle(i)?.cancel()
        case .pause(let i): handle(i)?.pause()
        case .resume(let i): handle(i)?.resume()
        case .fire(let i): handle(i)?.fire()
        case .advance(let ms): clock.advance(by: .milliseconds(ms))
        case .suspend(let ms): clock.suspend(for: .milliseconds(ms))
        case .oneShotNanoseconds(let delay, let running):
            if let timer = try? clock.oneShot(after: .nanoseconds(delay), startsRunning: running, record) {
                handles.append(timer)
            }
        case .repeatingNanoseconds(let interval, let start, let burst, let running):
            if let timer = try? clock.repeating(
                every: .nanoseconds(interval), startingAfter: .nanoseconds(start),
                policy: burst ? .burst : .skip, startsRunning: running, record)
            {
                handles.append(timer)
            }
        case .advanceNanoseconds(let ns): clock.advance(by: .nanoseconds(ns))
        case .suspendNanoseconds(let ns): clock.suspend(for: .nanoseconds(ns))
        }
    }
    let states = handles.map(\.state)
    for handle in handles { handle.cancel() }
    return (log.values, states)
}
