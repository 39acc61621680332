import Foundation
import Hourglass

/// A view-model's service calls in flight, at most one of each kind: a newer call of a kind
/// supersedes the older one — its task is cancelled and its reply, should it come anyway, is
/// dropped — and every task is cancelled when the model goes away.
final class ServiceCalls<Kind: Hashable & Sendable>: Sendable {
    private struct Ledger {
        var latest: [Kind: UInt64] = [:]
        var tasks: [Kind: Task<Void, Never>] = [:]
        var issued: UInt64 = 0
    }

    /// Tasks are cancelled after unlocking.
    private let ledger = Locked(Ledger())
    /// The clock that starts the calls' tasks, and cancels them.
    private let clock: any TimerClock

    init(clock: any TimerClock) {
        self.clock = clock
    }

    /// One call: its kind and its number, which tells it from every other call.
    struct Call: Hashable, Sendable {
        let kind: Kind
        let number: UInt64
    }

    /// Starts a call of `kind`; the previous one of that kind, if any, is superseded.
    func begin(_ kind: Kind) -> Call {
        let (call, superseded) = ledger.withLock { ledger -> (Call, Task<Void, Never>?) in
            ledger.issued += 1
            ledger.latest[kind] = ledger.issued
            return (Call(kind: kind, number: ledger.issued), ledger.tasks.removeValue(forKey: kind))
        }
        if let superseded { clock.cancel(startedTask: superseded) }
        return call
    }

    /// Runs `call`'s work in a task owned here, started by the clock (on `VirtualClock`, a task
    /// that runs when the clock moves), unless `call` was superseded meanwhile.
    func run(_ call: Call, _ work: @escaping @Sendable () async -> Void) {
        let task = clock.startTask { await work() }
        let current = ledger.withLock { ledger -> Bool in
            guard ledger.latest[call.kind] == call.number else { return false }
            ledger.tasks[call.kind] = task
            return true
        }
        if !current { clock.cancel(startedTask: task) }
    }

    /// Whether `call` is still the newest of its kind; if so it is over from now on, and its
    /// reply is to be applied. A second answer for the same call finds it over.
    func finish(_ call: Call) -> Bool {
        ledger.withLock { ledger in
            guard ledger.latest[call.kind] == call.number else { return false }
            ledger.latest[call.kind] = nil
            ledger.tasks[call.kind] = nil
            return true
        }
    }

    /// Cancels every call in flight; their replies are dropped.
    func cancelAll() {
        let running = ledger.withLock { ledger -> [Task<Void, Never>] in
            ledger.latest = [:]
            defer { ledger.tasks = [:] }
            return Array(ledger.tasks.values)
        }
        for task in running { clock.cancel(startedTask: task) }
    }
}
