import Dispatch
import Hourglass

/// What a step returned, handed from a real clock's context to the stepper waiting for it.
final class StepResult<Value: Sendable>: Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private let value = Locked<Value?>(nil)

    /// Hands over the value; called once.
    func set(_ value: Value) {
        self.value.withLock { $0 = value }
        ready.signal()
    }

    /// Wakes the waiter without a value: the clock shut down, so the step will never run.
    func clockShutDown() {
        ready.signal()
    }

    /// Waits for the value, or for ``clockShutDown()``; a value already there wins.
    /// - Throws: what `failure` says stopped the clock (its loop failed), else
    ///   `CancellationError`: the clock shut down before the step ran.
    func wait(unless failure: () -> (any Error)?) throws -> Value {
        ready.wait()
        if let value = value.withLock({ $0 }) { return value }
        throw failure() ?? CancellationError()
    }
}
