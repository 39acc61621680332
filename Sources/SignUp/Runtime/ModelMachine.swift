import Hourglass

/// A screen's pure state machine, as a ``ModelRuntime`` drives it: `state + event + now →
/// state + effects`. ``VerificationState`` and ``RegistrationForm`` are the two.
protocol ModelMachine: Equatable, Sendable {
    /// An input, a tick or a service reply.
    associatedtype Event: Sendable
    /// What the runtime performs after a change: a service call, a countdown, a save.
    associatedtype Effect: Sendable

    /// Applies `event`, which happened at `now`, and returns what to perform.
    mutating func apply(_ event: Event, at now: TimerInstant) -> [Effect]
}

extension VerificationState: ModelMachine {}
