import Hourglass
import TestSupport

/// A deliberately naive model of the timer rules on a virtual clock: plain arrays and linear
/// scans instead of a slab and a heap, one rule per line, for `ModelTests` to compare with.
/// Entries fire in (deadline, sequence) order; a sequence number is taken whenever a timer is
/// created, scheduled or manually fired, as the queue documents; a manual fire runs at once. Instants saturate at the ends
/// of the Int64 range; a repeating tick due at the last instant is its last.
struct ReferenceModel {
    struct Timer {
        var isOneShot: Bool
        var state: TimerState
        var delay: Int64 = 0
        var interval: Int64 = 0
        var startDelay: Int64 = 0
        var burst = false
        var anchor: Int64 = 0
        var nextIndex: Int64 = 0
        var baseIndex: Int64 = 0
        var deadline: Int64 = 0
        var entry: UInt64?
        var pausedLeft: Int64 = 0
    }

    struct Manual {
        let timer: Int
        let at: Int64
        let sequence: UInt64
    }

    private(set) var timers: [Timer] = []
    private(set) var fires: [FireRecord] = []
    private var manuals: [Manual] = []
    private var now: Int64 = 0
    private var sequence: UInt64 = 0

    private mutating func take() -> UInt64 {
        sequence += 1
        return sequence
    }

    /// Runs `program` and returns what each callback saw and each timer's final state.
    static func run(_ program: [TimerOperation]) -> (fires: [FireRecord], states: [TimerState]) {
        var model = ReferenceModel()
        for operation in program { model.apply(operation) }
        return (model.fires, model.timers.map(\.state))
    }

    /// `a + b`, held at the ends of the Int64 range.
    static func add(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : sum
    }

    /// `a * b` for b > 0, held at the ends of the Int64 range.
    static func multiply(_ a: Int64, _ b: Int64) -> Int64 {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? (a > 0 ? .max : .min) : product
    }

    mutating func apply(_ operation: TimerOperation) {
        let ms: (Int64) -> Int64 = { $0 * 1_000_000 }
        let add = Self.add
        let pick: (Int) -> Int? = { [count = timers.count] in count == 0 ? nil : $0 % count }
        switch operation {
        case .oneShot(let delay, let running):
            apply(.oneShotNanoseconds(delay: ms(delay), running: running))
        case .repeating(let interval, let start, let burst, let running):
            apply(.repeatingNanoseconds(interval: ms(interval), start: ms(start), burst: burst, running: running))
        case .oneShotNanoseconds(let delay, let running):
            _ = take()
            timers.append(Timer(isOneShot: true, state: .idle, delay: delay))
            if running { start(timers.count - 1) }
        case .repeatingNanoseconds(let interval, let start, let burst, let running):
            _ = take()
            timers.append(Timer(isOneShot: false, state: .idle, interval: interval, startDelay: start, burst: burst))
            if running { self.start(timers.count - 1) }
        case .start(let i):
            if let i = pick(i), timers[i].state == .idle { start(i) }
        case .cancel(let i):
            if let i = pick(i), !timers[i].state.isTerminal { end(i, as: .cancelled) }
        case .pause(let i):
            if let i = pick(i), timers[i].state == .running {
                timers[i].pausedLeft = max(0, add(timers[i].deadline, -now))
                timers[i].state = .paused
                timers[i].entry = nil
            }
        case .resume(let i):
            if let i = pick(i), timers[i].state == .paused {
                timers[i].state = .running
                if timers[i].isOneShot {
                    schedule(i, at: add(now, timers[i].pausedLeft))
                } else {
                    timers[i].baseIndex = add(timers[i].baseIndex, timers[i].nextIndex)
                    timers[i].anchor = add(now, timers[i].pausedLeft)
                    timers[i].nextIndex = 0
                    schedule(i, at: timers[i].anchor)
                }
            }
        case .fire(let i):
            // A manual fire runs at once, with whatever else is due now (an advance by zero).
            if let i = pick(i), !timers[i].state.isTerminal {
                manuals.append(Manual(timer: i, at: now, sequence: take()))
                apply(.advanceNanoseconds(0))
            }
        case .advance(let duration):
            apply(.advanceNanoseconds(ms(duration)))
        case .suspend(let duration):
            apply(.suspendNanoseconds(ms(duration)))
        case .advanceNanoseconds(let duration):
            let goal = add(now, duration)
            while let next = nextDue(), next.deadline <= goal {
                now = max(now, next.deadline)
                runDue()
            }
            now = goal
        case .suspendNanoseconds(let duration):
            now = add(now, duration)
            runDue()
        }
    }

    private mutating func start(_ i: Int) {
        timers[i].state = .running
        if timers[i].isOneShot {
            schedule(i, at: Self.add(now, timers[i].delay))
        } else {
            timers[i].anchor = Self.add(now, timers[i].startDelay)
            timers[i].nextIndex = 0
            schedule(i, at: timers[i].anchor)
        }
    }

    private mutating func schedule(_ i: Int, at deadline: Int64) {
        timers[i].deadline = deadline
        timers[i].entry = take()
    }

    private mutating func end(_ i: Int, as state: TimerState) {
        timers[i].state = state
        timers[i].entry = nil
    }

    /// The earliest live entry: (deadline, sequence, timer, manual?).
    private func nextDue() -> (deadline: Int64, sequence: UInt64, timer: Int, manual: Int?)? {
        var best: (deadline: Int64, sequence: UInt64, timer: Int, manual: Int?)?
        for (i, timer) in timers.enumerated() where timer.state == .running {
            if let entry = timer.entry, best.map({ (timer.deadline, entry) < ($0.deadline, $0.sequence) }) ?? true {
                best = (timer.deadline, entry, i, nil)
            }
        }
        for (m, manual) in manuals.enumerated() where !timers[manual.timer].state.isTerminal {
            if best.map({ (manual.at, manual.sequence) < ($0.deadline, $0.sequence) }) ?? true {
                best = (manual.at, manual.sequence, manual.timer, m)
            }
        }
        return best
    }

    /// Every entry due at `now`, in order; repeating timers re-arm before their callback.
    private mutating func runDue() {
        manuals.removeAll { timers[$0.timer].state.isTerminal }
        while let next = nextDue(), next.deadline <= now {
            let i = next.timer
            if let m = next.manual {
                manuals.remove(at: m)
                fires.append(
                    FireRecord(timer: i, scheduled: next.deadline, now: now, index: -1, missed: 0, isManual: true))
                if timers[i].isOneShot { end(i, as: .finished) }
            } else if timers[i].isOneShot {
                end(i, as: .finished)
                fires.append(
                    FireRecord(timer: i, scheduled: next.deadline, now: now, index: 0, missed: 0, isManual: false))
            } else {
                var timer = timers[i]
                let due = timer.nextIndex
                let latest = max(due, now < timer.anchor ? -1 : (now - timer.anchor) / timer.interval)
                let fired = timer.burst ? due : latest
                let tick: (Int64) -> Int64 = { Self.add(timer.anchor, Self.multiply($0, timer.interval)) }
                fires.append(
                    FireRecord(
                        timer: i, scheduled: tick(fired), now: now, index: Self.add(timer.baseIndex, fired),
                        missed: timer.burst ? 0 : latest - due, isManual: false))
                timer.nextIndex = Self.add(fired, 1)
                timers[i] = timer
                let offset = timer.nextIndex.multipliedReportingOverflow(by: timer.interval)
                let deadline = timer.anchor.addingReportingOverflow(offset.partialValue)
                if offset.overflow || deadline.overflow {
                    timers[i].entry = nil  // the next tick would come after the last instant
                } else {
                    schedule(i, at: deadline.partialValue)
                }
            }
            manuals.removeAll { timers[$0.timer].state.isTerminal }
        }
    }
}
