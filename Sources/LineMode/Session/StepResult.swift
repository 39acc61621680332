import Dispatch

/// What a step returned, handed from a real clock's context to the stepper waiting for it.
final class StepResult<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `value` is written once, before `ready` is signalled, and read only
    // after a wait on `ready` has returned.
    private let ready = DispatchSemaphore(value: 0)
    private var value: Value?

    /// Hands over the value; called once.
    func set(_ value: Value) {
        self.value = value
        ready.signal()
    }

    /// Waits for the value. Before each wait of at most 50 ms it asks `failure` whether the
    /// clock stopped for good (its loop failed, so the step will never run), and throws that
    /// instead of waiting on; a value already there wins.
    func wait(unless failure: () -> (any Error)?) throws -> Value {
        var timeout = DispatchTime.now()
        while true {
            if ready.wait(timeout: timeout) == .success, let value { return value }
            if let failure = failure() { throw failure }
            timeout = .now() + .milliseconds(50)
        }
    }
}
