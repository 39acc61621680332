import Hourglass
import SignUp
import TestSupport

/// An app's own backend, as an app team writes it: an `actor` whose replies take 400 ms on the
/// clock it is given. The code "123456" is right; any other is wrong.
actor SlowBackend: VerificationService {
    static let latency = Duration.milliseconds(400)
    private let clock: any TimerClock
    private(set) var requests = 0

    init(clock: any TimerClock) {
        self.clock = clock
    }

    func requestCode(to destination: Destination) async throws -> CodeReceipt {
        requests += 1
        try await clock.sleep(for: Self.latency)
        return CodeReceipt()
    }

    func verify(code: Secret, for destination: Destination) async throws -> VerificationProof {
        try await clock.sleep(for: Self.latency)
        guard code == Secret("123456") else { throw CodeCheckError.wrongCode(attemptsLeft: 2) }
        return VerificationProof(token: Secret("token"))
    }

    func register(_ request: RegistrationRequest) async throws {
        try await clock.sleep(for: Self.latency)
    }
}
