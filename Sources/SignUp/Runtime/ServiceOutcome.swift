/// Whether an error the models show is a failure of the network or the service, not a
/// server's refusal: only failures reach `onServiceFailure`.
protocol ServiceOutcome {
    /// Whether the call failed (`.network`, `.serviceUnavailable`) rather than being refused.
    var isServiceFailure: Bool { get }
}

extension CodeRequestError: ServiceOutcome {
    var isServiceFailure: Bool { self == .network || self == .serviceUnavailable }
}

extension CodeCheckError: ServiceOutcome {
    var isServiceFailure: Bool { self == .network || self == .serviceUnavailable }
}

extension RegistrationError: ServiceOutcome {
    var isServiceFailure: Bool { self == .network || self == .serviceUnavailable }
}
