public import Hourglass
public import Testing

/// A thread-safe list that `@Sendable` callbacks append to.
public final class Recorder<Element: Sendable>: Sendable {
    private let storage = Locked<[Element]>([])

    public init() {}

    public func append(_ element: Element) { storage.withLock { $0.append(element) } }

    public var values: [Element] { storage.withLock { $0 } }

    /// The values so far, leaving the recorder empty.
    public func take() -> [Element] {
        storage.withLock { values in
            defer { values = [] }
            return values
        }
    }
}

/// A slot a callback can read that the test fills in later.
public final class Box<Value: Sendable>: Sendable {
    private let storage: Locked<Value>

    public init(_ value: Value) {
        storage = Locked(value)
    }

    public var value: Value {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}

/// An object whose release a test can observe.
public final class Target: Sendable {
    public let name: String
    private let deinitialized: Box<Bool>

    public init(name: String, deinitialized: Box<Bool>) {
        self.name = name
        self.deinitialized = deinitialized
    }

    deinit {
        deinitialized.value = true
    }
}

extension TimerInstant {
    public static func seconds(_ seconds: Int64) -> TimerInstant { TimerInstant(nanoseconds: seconds * 1_000_000_000) }
    public static func milliseconds(_ milliseconds: Int64) -> TimerInstant {
        TimerInstant(nanoseconds: milliseconds * 1_000_000)
    }
}

/// Every test ends here: nothing may be left to run.
public func expectNothingPending(_ clock: some TimerClock, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(clock.pendingTimers == [], sourceLocation: sourceLocation)
}
