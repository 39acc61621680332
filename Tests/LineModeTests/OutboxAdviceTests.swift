import Hourglass
import SignUp
import Testing

@testable import HourglassLineMode

/// `type code sent` on a real server with no code in its outbox says why, from what the screen
/// was last answered, and what to do next.
@Suite("type code sent: advice that fits the server's answer")
struct OutboxAdviceTests {
    private static let noCode = OutboxProblem("the server's outbox holds no code for this destination", noCode: true)

    /// The verification state after typing a number, tapping send, and the answer `result`.
    private static func state(after result: Result<CodeReceipt, CodeRequestError>?) -> VerificationState {
        var state = VerificationState(config: VerificationConfig(region: nil))
        _ = state.apply(.destinationChanged("+52 55 4545 6767"), at: .zero)
        guard let result else { return state }
        _ = state.apply(.sendTapped, at: .zero)
        _ = state.apply(.codeRequestFinished(result), at: .zero)
        return state
    }

    @Test(
        "each answer has its advice",
        arguments: [
            (nil, "no code was asked for yet: tap send first"),
            (
                .failure(.rateLimited(retryAfter: .seconds(59))),
                "the send answered 429 and the server had sent no code: wait for the send button, then tap send"
            ),
            (.failure(.serviceUnavailable), "the last send got no answer from the server: tap send again"),
            (.failure(.invalidDestination), "the server refuses this destination: type another"),
            (
                .success(CodeReceipt()),
                "the code sent may not be in the outbox yet: wait a moment and type it again"
            ),
        ] as [(Result<CodeReceipt, CodeRequestError>?, String)])
    func advice(result: Result<CodeReceipt, CodeRequestError>?, advice: String) {
        #expect(
            Self.noCode.advised(by: Self.state(after: result))
                == "the server's outbox holds no code for this destination; " + advice)
    }

    @Test("a server without an outbox is told as it is, whatever the screen")
    func noOutbox() {
        let problem = OutboxProblem(
            "the server has no outbox to read (GET /v1/outbox answered 404): start it with --dev")
        #expect(problem.advised(by: Self.state(after: nil)) == problem.description)
    }
}
