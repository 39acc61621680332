/// One service call as a ``ModelRuntime`` makes it: the one place where a clock-driven
/// service (``ClockDrivenVerificationService``, which replies in a timer callback) and an
/// async one (whose reply comes from a task the model owns) part ways.
struct ServiceRequest<Success: Sendable, Failure: Error>: Sendable {
    enum Route: Sendable {
        /// Starts the call; the service calls the reply once, on the clock's context.
        case clockDriven(@Sendable (@escaping @Sendable (Result<Success, Failure>) -> Void) -> Void)
        /// The call's work, run in a task; an error of another type becomes what `fallback`
        /// makes of it (`.serviceUnavailable` for a ``ServiceFault`` that says so, else `.network`).
        case async(@Sendable () async throws -> Success, fallback: @Sendable (any Error) -> Failure)
    }

    let route: Route
}

extension ServiceRequest where Success == CodeReceipt, Failure == CodeRequestError {
    /// Sends a code to `destination`, by `channel` when one is asked.
    static func requestCode(
        to destination: Destination, by channel: CodeChannel? = nil, from service: any VerificationService
    ) -> Self {
        if let service = service as? any ClockDrivenVerificationService {
            return Self(
                route: .clockDriven { reply in
                    if let channel {
                        service.requestCode(to: destination, by: channel, reply: reply)
                    } else {
                        service.requestCode(to: destination, reply: reply)
                    }
                })
        }
        return Self(
            route: .async(
                {
                    if let channel {
                        try await service.requestCode(to: destination, by: channel)
                    } else {
                        try await service.requestCode(to: destination)
                    }
                },
                fallback: {
                    shownFailure($0, network: .network, unavailable: .serviceUnavailable)
                }))
    }
}

extension ServiceRequest where Success == VerificationProof, Failure == CodeCheckError {
    /// Checks `code` for `destination`.
    static func checkCode(_ code: Secret, for destination: Destination, with service: any VerificationService) -> Self {
        if let service = service as? any ClockDrivenVerificationService {
            return Self(route: .clockDriven { service.verify(code: code, for: destination, reply: $0) })
        }
        return Self(
            route: .async(
                { try await service.verify(code: code, for: destination) },
                fallback: {
                    shownFailure($0, network: .network, unavailable: .serviceUnavailable)
                }))
    }
}

extension ServiceRequest where Success == Void, Failure == RegistrationError {
    /// Creates the account.
    static func register(_ request: RegistrationRequest, with service: any VerificationService) -> Self {
        if let service = service as? any ClockDrivenVerificationService {
            return Self(route: .clockDriven { service.register(request, reply: $0) })
        }
        return Self(
            route: .async(
                { try await service.register(request) },
                fallback: {
                    shownFailure($0, network: .network, unavailable: .serviceUnavailable)
                }))
    }
}

/// The failure an untyped error is shown as: `unavailable` for a ``ServiceFault`` that says the
/// service failed, else `network`.
func shownFailure<Failure>(_ error: any Error, network: Failure, unavailable: Failure) -> Failure {
    (error as? any ServiceFault)?.isServiceUnavailable == true ? unavailable : network
}
