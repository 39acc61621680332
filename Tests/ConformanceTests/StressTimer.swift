import Hourglass
import TestSupport

/// What the stress test saw: fires, violations, and the objects callbacks still keep alive.
final class StressLedger: Sendable {
    private let state = Locked(State())

    private struct State {
        var fires = 0
        var violations: [String] = []
        var violationCount = 0
        var liveTokens = 0
    }

    var fires: Int { state.withLock { $0.fires } }
    /// The first few violations, and how many there were in all.
    var violations: (first: [String], count: Int) { state.withLock { ($0.violations, $0.violationCount) } }
    var liveTokens: Int { state.withLock { $0.liveTokens } }

    func fired() { state.withLock { $0.fires += 1 } }
    func violation(_ text: String) {
        state.withLock { state in
            state.violationCount += 1
            if state.violations.count < 3 { state.violations.append(text) }
        }
    }
    func tokenMade() { state.withLock { $0.liveTokens += 1 } }
    func tokenFreed() { state.withLock { $0.liveTokens -= 1 } }
}

/// An object a callback captures; its release is counted, to find leaks.
final class StressToken: Sendable {
    let ledger: StressLedger
    let isOneShot: Bool
    private let state = Locked((fires: 0, cancelledOnContext: false))

    init(ledger: StressLedger, isOneShot: Bool) {
        self.ledger = ledger
        self.isOneShot = isOneShot
        ledger.tokenMade()
    }

    deinit { ledger.tokenFreed() }

    /// A callback starts: it must not have been cancelled on the context, and a one-shot
    /// must not run twice.
    func fire() {
        let (fires, cancelled) = state.withLock { value in
            value.fires += 1
            return (value.fires, value.cancelledOnContext)
        }
        if cancelled { ledger.violation("a timer ran after it was cancelled on the clock's context") }
        if isOneShot && fires > 1 { ledger.violation("a one-shot ran \(fires) times") }
        ledger.fired()
    }

    /// Called on the clock's context right after `cancel()` returned there.
    func cancelledOnContext() { state.withLock { $0.cancelledOnContext = true } }
}

/// One timer of the stress test, and the random operations on it.
struct StressTimer: Sendable {
    let handle: TimerHandle
    let token: StressToken

    /// One random operation on `timers` (this thread's own handles).
    static func step(
        _ timers: inout [StressTimer], random: inout SplitMix64, clock: any TimerClock, ledger: StressLedger
    ) throws {
        let choice = Int.random(in: 0..<100, using: &random)
        if timers.isEmpty || choice < 25 {
            let oneShot = Bool.random(using: &random)
            let token = StressToken(ledger: ledger, isOneShot: oneShot)
            let handle =
                oneShot
                ? try clock.oneShot(after: .microseconds(Int.random(in: 0...3_000, using: &random))) { _ in token.fire()
                }
                : try clock.repeating(every: .microseconds(Int.random(in: 500...2_000, using: &random))) { _ in
                    token.fire()
                }
            timers.append(StressTimer(handle: handle, token: token))
            if timers.count > 64 { timers.removeFirst() }
            return
        }
        let index = Int.random(in: 0..<timers.count, using: &random)
        let timer = timers[index]
        switch choice {
        case 25..<40: timer.handle.cancel()
        case 40..<55:
            // Cancel on the clock's context: from then on the callback must never start.
            try clock.schedule(after: .zero) { _ in
                timer.handle.cancel()
                timer.token.cancelledOnContext()
            }
        case 55..<65: timer.handle.fire()
        case 65..<75: timer.handle.pause()
        case 75..<85: timer.handle.resume()
        default: timers.remove(at: index)
        }
    }
}
