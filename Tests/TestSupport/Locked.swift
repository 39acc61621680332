import Foundation

/// A value behind a pthread-based lock, with `Synchronization.Mutex`'s `withLock` shape.
///
/// The tests use it instead of `Mutex`: on Linux `Mutex` waits on a futex directly, which
/// ThreadSanitizer does not see as synchronisation, so every contended `Mutex` in a test
/// showed up as a (false) data race under `--sanitize=thread`.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only read and written inside `lock`.
    private let lock = NSLock()
    private var value: Value

    /// A lock around `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, under the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
