/// A value that belongs to one clock's serial context, checked at run time on every access
/// (as swift-nio's `NIOLoopBound`): the way to keep non-locked state in a type that crosses
/// threads but is only ever used from its clock's callbacks.
///
/// Reading or writing it off the context is a programming error and stops the program, as an
/// out-of-bounds index does, rather than racing silently.
package final class ContextBound<Value> {
    private let clock: any TimerClock
    private var storage: Value

    /// `value`, bound to `clock`'s context.
    package init(_ value: Value, on clock: any TimerClock) {
        self.clock = clock
        storage = value
    }

    /// Runs `body` with the value in place (no copy); only on the clock's context.
    package func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        precondition(clock.isOnContext, "a context-bound value was used off its clock's context")
        return try body(&storage)
    }

    /// The value; only on the clock's context.
    package var value: Value {
        get {
            precondition(clock.isOnContext, "a context-bound value was read off its clock's context")
            return storage
        }
        set {
            precondition(clock.isOnContext, "a context-bound value was written off its clock's context")
            storage = newValue
        }
    }
}

// @unchecked Sendable: `storage` is only reached through `value`, which checks that the caller
// is on the clock's serial context; so it is never touched by two threads at once.
extension ContextBound: @unchecked Sendable {}
