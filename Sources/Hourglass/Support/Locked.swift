/// A value that is only read and written under a lock: the one way Hourglass shares mutable
/// state between threads outside its timer queue (as swift-nio's `NIOLockedValueBox`).
///
/// A type that keeps its mutable state in a `Locked` of a `Sendable` value, and the rest in
/// `let`s of `Sendable` types, is `Sendable` with no `@unchecked`: the compiler checks it.
package final class Locked<Value> {
    private let lock = Lock()
    private var value: Value

    /// A lock around `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, under the lock. `body` must not take this lock again.
    @inline(__always)
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try lock.withLock { () throws(Failure) -> Result in try body(&value) }
    }
}

// @unchecked Sendable: `value` is only reached inside `withLock`, under `lock`; and only a
// `Sendable` value may cross threads in it.
extension Locked: @unchecked Sendable where Value: Sendable {}
