import Hourglass
import SignUp

/// The demo's server: SignUp's scripted service on the app's clock — it answers after
/// its latency (300 ms), counts wrong codes, locks after five — except that every code it sends
/// is ``code``, which the window tells, so a person can try the whole flow.
///
/// Its codes live in memory, as a server's would across an app restart only if it kept them:
/// after a restart the saved countdown goes on, but a code sent before it answers "expired".
struct DemoService: ClockDrivenVerificationService {
    /// The code every request sends.
    static let code = "246810"
    private let scripted: ScriptedVerificationService

    /// A server whose replies run on `clock`, the models' clock.
    init(clock: any TimerClock) {
        scripted = ScriptedVerificationService(clock: clock)
    }

    func requestCode(
        to destination: Destination, reply: @escaping @Sendable (Result<CodeReceipt, CodeRequestError>) -> Void
    ) {
        scripted.sendNextCode(Self.code)
        scripted.requestCode(to: destination, reply: reply)
    }

    func verify(
        code: Secret, for destination: Destination,
        reply: @escaping @Sendable (Result<VerificationProof, CodeCheckError>) -> Void
    ) {
        scripted.verify(code: code, for: destination, reply: reply)
    }

    func register(_ request: RegistrationRequest, reply: @escaping @Sendable (Result<Void, RegistrationError>) -> Void)
    {
        scripted.register(request, reply: reply)
    }
}
