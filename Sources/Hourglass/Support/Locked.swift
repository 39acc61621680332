/// A value that is only read and written under a lock: the one way Hourglass shares mutable
/// state between threads outside its timer queue (as swift-nio's `NIOLockedValueBox`).
///
/// A type that keeps its mutable state in a `Locked` of a `Sendable` value, and the rest in
/// `let`s of `Sendable` types, is `Sendable` with no `@unchecked`: the compiler checks it.
///
/// ```swift
/// final class Printed: Sendable {
///     private let lines = Locked<[String]>([])
///
///     func append(_ line: String) { lines.withLock { $0.append(line) } }
///     var all: [String] { lines.withLock { $0 } }
/// }
/// ```
public final class Locked<Value> {
    @usableFromInline let lock = Lock()
    @usableFromInline var value: Value

    /// A lock around `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, under the lock, and returns what it returns. `body` must not
    /// take this lock again (the lock is not recursive), and should be short: every other thread
    /// that wants the value waits for it.
    @inlinable
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try lock.withLock { () throws(Failure) -> Result in try body(&value) }
    }
}

// @unchecked Sendable: `value` is only reached inside `withLock`, under `lock`; and only a
// `Sendable` value may cross threads in it.
extension Locked: @unchecked Sendable where Value: Sendable {}
