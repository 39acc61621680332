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

extension SlowBackend {
    /// A verification screen (3 s cooldown) on `clock` with this backend, and the screen lines
    /// that changed after each change, stamped with the state's instant in milliseconds.
    static func recordedScreen(on clock: any TimerClock) -> (model: VerificationViewModel, lines: Recorder<String>) {
        let lines = Recorder<String>()
        let shown = Locked<[String]>([])
        let model = VerificationViewModel(
            config: VerificationConfig(cooldown: .seconds(3)), clock: clock, service: SlowBackend(clock: clock),
            wallClock: ManualWallClock(),
            onChange: { state in
                let screen = VerificationScreen(state).lines
                let before = shown.withLock { $0 }
                for line in screen where !before.contains(line) {
                    lines.append("\(state.now.nanoseconds / 1_000_000) \(line)")
                }
                shown.withLock { $0 = screen }
            })
        return (model, lines)
    }
}
