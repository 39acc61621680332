import Hourglass
import TestSupport
import Testing

/// A thread-safe list that `@Sendable` timer callbacks append to.
final class Recorder<Element: Sendable>: Sendable {
    private let storage = Locked<[Element]>([])

    func append(_ element: Element) {
        storage.withLock { $0.append(element) }
    }

    var values: [Element] { storage.withLock { $0 } }
}

/// A slot a callback can read that the test fills in later.
final class Box<Value: Sendable>: Sendable {
    private let storage: Locked<Value>

    init(_ value: Value) {
        storage = Locked(value)
    }

    var value: Value {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}

/// An object whose release a test can observe.
final class Target: Sendable {
    let name: String
    private let deinitialized: Box<Bool>

    init(name: String, deinitialized: Box<Bool>) {
        self.name = name
        self.deinitialized = deinitialized
    }

    deinit {
        deinitialized.value = true
    }
}

extension TimerInstant {
    static func seconds(_ seconds: Int64) -> TimerInstant { TimerInstant(nanoseconds: seconds * 1_000_000_000) }
    static func milliseconds(_ milliseconds: Int64) -> TimerInstant {
        TimerInstant(nanoseconds: milliseconds * 1_000_000)
    }
}

/// Every test ends here: nothing may be left to run.
func expectNothingPending(_ clock: some TimerClock, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(clock.pendingTimers == [], sourceLocation: sourceLocation)
}
