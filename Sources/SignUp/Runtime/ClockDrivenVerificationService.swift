/// A ``VerificationService`` that answers on the view-model's clock, at instants it
/// computes: a test double, a preview, linemode's scripted server.
///
/// A view-model calls these methods instead of the async ones, and the service calls `reply`
/// exactly once, on the clock's context (in a timer callback): no task runs between the
/// request and its reply, so on `VirtualClock` a whole flow — and its transcript — never
/// depends on how the concurrency runtime schedules tasks. The async requirements of
/// ``VerificationService`` come free, for callers that want them.
public protocol ClockDrivenVerificationService: VerificationService {
    /// Sends a code to `destination`; calls `reply` once, on the clock's context.
    func requestCode(
        to destination: Destination, reply: @escaping @Sendable (Result<CodeReceipt, CodeRequestError>) -> Void)
    /// Sends a code to `destination` by `channel`; calls `reply` once, on the clock's context.
    /// The default is ``VerificationService/requestCode(to:by:)``'s: `requestCode(to:reply:)`
    /// for the destination's default channel, else ``CodeRequestError/channelRefused(_:)``.
    func requestCode(
        to destination: Destination, by channel: CodeChannel,
        reply: @escaping @Sendable (Result<CodeReceipt, CodeRequestError>) -> Void)
    /// Checks `code` for `destination`; calls `reply` once, on the clock's context.
    func verify(
        code: Secret, for destination: Destination,
        reply: @escaping @Sendable (Result<VerificationProof, CodeCheckError>) -> Void)
    /// Creates the account; calls `reply` once, on the clock's context.
    func register(_ request: RegistrationRequest, reply: @escaping @Sendable (Result<Void, RegistrationError>) -> Void)
}

extension ClockDrivenVerificationService {
    /// Sends a code and waits for the reply.
    public func requestCode(to destination: Destination) async throws -> CodeReceipt {
        try await withCheckedThrowingContinuation { continuation in
            requestCode(to: destination) { continuation.resume(with: $0) }
        }
    }

    /// Sends a code by `channel` and waits for the reply.
    public func requestCode(to destination: Destination, by channel: CodeChannel) async throws -> CodeReceipt {
        try await withCheckedThrowingContinuation { continuation in
            requestCode(to: destination, by: channel) { continuation.resume(with: $0) }
        }
    }

    /// Sends by `requestCode(to:reply:)` for `destination`'s default channel; else replies
    /// ``CodeRequestError/channelRefused(_:)``.
    public func requestCode(
        to destination: Destination, by channel: CodeChannel,
        reply: @escaping @Sendable (Result<CodeReceipt, CodeRequestError>) -> Void
    ) {
        guard channel == CodeChannel.default(for: destination) else { return reply(.failure(.channelRefused(channel))) }
        requestCode(to: destination, reply: reply)
    }

    /// Checks a code and waits for the reply.
    public func verify(code: Secret, for destination: Destination) async throws -> VerificationProof {
        try await withCheckedThrowingContinuation { continuation in
            verify(code: code, for: destination) { continuation.resume(with: $0) }
        }
    }

    /// Registers and waits for the reply.
    public func register(_ request: RegistrationRequest) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            register(request) { continuation.resume(with: $0) }
        }
    }
}
