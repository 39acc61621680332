/// A value that belongs to one clock's serial context, checked at run time on every access
/// (as swift-nio's `NIOLoopBound`): the way to keep non-locked state in a type that crosses
/// threads but is only ever used from its clock's callbacks.
///
/// Reading or writing it off the context is a programming error and stops the program, as an
/// out-of-bounds index does, rather than racing silently. Its value need not be `Sendable`: it is
/// handed over when the box is made (`sending`) and used on one context only.
///
/// ```swift
/// final class TickCounter: Sendable {
///     private let count: ContextBound<Int>
///
///     init(clock: any TimerClock) { count = ContextBound(0, on: clock) }
///
///     /// Called from a timer's callback, on the clock's context.
///     func tick() { count.value += 1 }
/// }
/// ```
public final class ContextBound<Value> {
    private let clock: any TimerClock
    private var storage: Value

    /// `value`, bound to `clock`'s context; the caller hands it over and keeps no reference to it.
    public init(_ value: sending Value, on clock: any TimerClock) {
        self.clock = clock
        storage = value
    }

    /// Runs `body` with the value in place (no copy); only on the clock's context.
    public func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        precondition(clock.isOnContext, "a context-bound value was used off its clock's context")
        return try body(&storage)
    }

    /// The value; only on the clock's context.
    public var value: Value {
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
