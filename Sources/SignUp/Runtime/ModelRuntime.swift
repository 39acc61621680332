import Hourglass
import Observation

/// The one runtime of both view-models: it holds a ``ModelMachine``'s state, applies events
/// to it on the clock's serial context, tells Observation and the listeners of each change,
/// hands the effects to the model, and makes the model's service calls.
///
/// One context: an input from elsewhere, and every service reply, is handed to the clock's
/// context first (as a one-shot at the clock's now), so every change and notification happens
/// there. A call supersedes the older call of its kind, whose reply is dropped; all calls are
/// cancelled when the runtime goes. The state is read under a lock from any thread.
final class ModelRuntime<Machine: ModelMachine, CallKind: Hashable & Sendable>: Sendable {
    let clock: any TimerClock
    private let observation = ObservationSupport()
    private let machine: Locked<Machine>
    private let calls: ServiceCalls<CallKind>
    /// Told every new state after a change, on the context, outside the lock, in order.
    private let listeners = Locked<[@Sendable (Machine) -> Void]>([])
    /// `\.value`, made once: a key path into a generic class is otherwise built anew at each
    /// use, and every read of the state and every change uses it.
    private let valueKeyPath: any KeyPath<ModelRuntime, Machine> & Sendable = \.value
    /// The model's effect handler, installed once the model is whole.
    private let performer = Locked<(@Sendable (Machine.Effect) -> Void)?>(nil)
    /// Told each failed call and the error its service threw, on the clock's context.
    private let failureReporter = Locked<(@Sendable (CallKind, any Error) -> Void)?>(nil)

    init(_ initial: Machine, clock: any TimerClock) {
        machine = Locked(initial)
        self.clock = clock
        calls = ServiceCalls(clock: clock)
    }

    deinit {
        calls.cancelAll()
    }

    /// The state now; a read Observation tracks.
    var value: Machine {
        if #available(HourglassObservation , *) { observation.access(self, keyPath: valueKeyPath) }
        return untrackedValue
    }

    /// The state now, for the runtime's own work: a read Observation does not track.
    var untrackedValue: Machine { machine.withLock { $0 } }

    /// Calls `listener` with the new state after each change.
    func listen(_ listener: @escaping @Sendable (Machine) -> Void) {
        listeners.withLock { $0.append(listener) }
    }

    /// Installs the handler of the effects of every later event.
    func perform(effectsWith handler: @escaping @Sendable (Machine.Effect) -> Void) {
        performer.withLock { $0 = handler }
    }

    /// Installs what is told each failed call, with the error as its service threw it.
    func report(failuresWith reporter: @escaping @Sendable (CallKind, any Error) -> Void) {
        failureReporter.withLock { $0 = reporter }
    }

    /// An input from anywhere: applied now on the clock's context, else handed to it. `event`
    /// is made on the context, so it may read what only holds there; nil drops the input (what
    /// it needed is gone).
    func input(_ event: @escaping @Sendable () -> Machine.Event?) {
        if clock.isOnContext {
            if let event = event() { handle(event) }
        } else {
            clock.perform { [weak self] in if let self, let event = event() { handle(event) } }
        }
    }

    /// Applies `event`, which happened at `now`, tells the listeners and performs its effects;
    /// on the clock's context only. By default `now` is the clock's `logicalNow`: inside a
    /// timer callback (a service reply, a tick) the instant it was scheduled for, so what the
    /// screen shows never depends on how late a clock fired.
    func handle(_ event: Machine.Event, at now: TimerInstant? = nil) {
        let instant = now ?? clock.logicalNow
        let (effects, changed): ([Machine.Effect], Machine?)
        if #available(HourglassObservation , *) {
            (effects, changed) = observation.withMutation(of: self, keyPath: valueKeyPath) { apply(event, at: instant) }
        } else {
            (effects, changed) = apply(event, at: instant)
        }
        if let changed {
            for listener in listeners.withLock({ $0 }) { listener(changed) }
        }
        guard !effects.isEmpty, let perform = performer.withLock({ $0 }) else { return }
        for effect in effects { perform(effect) }
    }

    /// Applies `event` under the lock; returns the effects, and the new state when it changed.
    private func apply(_ event: Machine.Event, at instant: TimerInstant) -> ([Machine.Effect], Machine?) {
        machine.withLock { machine in
            let before = machine
            let effects = machine.apply(event, at: instant)
            return (effects, machine != before ? machine : nil)
        }
    }

    /// Makes `request` as the call of `kind`, superseding the older one, and applies the event
    /// its reply makes on the clock's context, unless a newer call of its kind came meanwhile.
    /// A task's reply is always handed to the context; a clock-driven service's reply, which
    /// comes in a timer callback, is applied there at once.
    func call<Success, Failure>(
        _ kind: CallKind, _ request: ServiceRequest<Success, Failure>,
        reply event: @escaping @Sendable (Result<Success, Failure>) -> Machine.Event?
    ) {
        let call = calls.begin(kind)
        switch request.route {
        case .clockDriven(let start):
            start { [weak self] result in
                guard let self else { return }
                let thrown = result.failureValue.flatMap { Self.isFailure($0) ? $0 : nil }
                if clock.isOnContext {
                    finish(call, thrown, event(result))
                } else {
                    clock.perform { [weak self] in self?.finish(call, thrown, event(result)) }
                }
            }
        case .async(let work, let fallback):
            calls.run(call) { [weak self] in
                let (result, thrown): (Result<Success, Failure>, (any Error)?)
                do {
                    (result, thrown) = (.success(try await work()), nil)
                } catch {
                    let shown = error as? Failure ?? fallback(error)
                    (result, thrown) = (.failure(shown), Self.isFailure(shown) ? error : nil)
                }
                // A cancelled call's reply, whatever it is, is not handed to the clock at all.
                guard !Task.isCancelled else { return }
                self?.clock.perform { [weak self] in self?.finish(call, thrown, event(result)) }
            }
        }
    }

    /// Whether `error`, as the model shows it, is a failure (of the network or the service)
    /// rather than a server's refusal: only failures are reported.
    private static func isFailure(_ error: some Error) -> Bool {
        (error as? any ServiceOutcome)?.isServiceFailure ?? true
    }

    /// Applies a reply unless a newer call of its kind superseded it; a failure (not a
    /// refusal) is reported first, with the error as the service threw it.
    private func finish(
        _ call: ServiceCalls<CallKind>.Call, _ thrown: (any Error)?, _ event: @autoclosure () -> Machine.Event?
    ) {
        guard calls.finish(call) else { return }
        if let thrown, let report = failureReporter.withLock({ $0 }) { report(call.kind, thrown) }
        guard let event = event() else { return }
        handle(event)
    }
}

@available(HourglassObservation, *)
extension ModelRuntime: Observable {}

extension Result {
    /// The failure, if this is one.
    fileprivate var failureValue: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
