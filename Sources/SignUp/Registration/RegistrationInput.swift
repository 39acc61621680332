import Hourglass

/// What the registration form's machine takes: an event, with the account's verification as
/// it was on the clock's context when the event was applied.
struct RegistrationInput: Sendable {
    let event: RegistrationEvent
    let account: VerificationState
}

extension RegistrationForm: ModelMachine {
    mutating func apply(_ input: RegistrationInput, at now: TimerInstant) -> [RegistrationRequest] {
        apply(input.event, verification: input.account).map { [$0] } ?? []
    }
}
