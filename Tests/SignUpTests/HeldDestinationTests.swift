import Hourglass
import PhoneNumbers
import SignUp
import TestSupport
import Testing

/// One destination from send to account: once a code is sent, the code, the verified mark, the
/// proof and the account are that destination's. Editing the field after a send closes the
/// code step (the screen says where the code went) until the field names that destination
/// again or a code is sent to the new one; the field is held while a code is checked.
@Suite("One destination from send to account")
struct HeldDestinationTests {
    @Test("an edit after a send closes the code field and says where the code went; editing back reopens it")
    func editAfterSend() {
        let screen = VerificationHarness()
        screen.sendCode(to: "138 1234 5678")
        let first = screen.sentCode
        screen.model.setDestination("139 1234 5678")
        #expect(
            screen.lines == [
                "destination: \"139 1234 5678\"", "send: [Get code]", "code: \"\" (disabled)",
                "verify: [Verify] (disabled)",
                "message: The code went to +86 ••• •••• 5678. Get a code for this one",
            ])
        // The code of the first number cannot be typed for the second.
        screen.model.setCode(first)
        screen.clock.advance(by: .milliseconds(300))
        #expect(screen.model.state.code == .empty)
        #expect(!screen.model.state.isVerified)
        screen.model.setDestination("138 1234 5678")
        #expect(screen.model.screen.code.isEnabled)
        #expect(screen.model.screen.sendButton.title == "Resend in 60s")
        screen.model.setCode(first)
        screen.clock.advance(by: .milliseconds(300))
        #expect(screen.model.state.isVerified)
        #expect(screen.model.state.sentTo == Destination(normalized: "+8613812345678"))
        expectNoTimersLeft(screen.clock)
    }

    @Test("the issue's case: a code for the first number, typed after an edit, verifies neither")
    func editedNumberIsNotVerified() {
        let screen = RegistrationHarness()
        screen.service.sendNextCode("123456")
        screen.model.verification.setDestination("+52 55 3030 6060")
        screen.model.verification.tapSend()
        screen.clock.advance(by: .seconds(1))
        screen.model.verification.setDestination("+52 55 3030 7070")
        screen.model.verification.setCode("123456")
        screen.clock.advance(by: .seconds(1))
        #expect(!screen.model.verification.state.isVerified)
        #expect(!screen.lines.contains("verified: yes"))
        // A code for the number on screen, then: it is the account's.
        screen.service.sendNextCode("654321")
        screen.model.verification.tapSend()
        screen.clock.advance(by: .seconds(1))
        screen.model.verification.setCode("654321")
        screen.clock.advance(by: .seconds(1))
        #expect(screen.model.verification.state.sentTo == Destination(normalized: "+525530307070"))
        #expect(screen.model.verification.state.isVerified)
        #expect(screen.model.verification.screen.destination.isEnabled == false)
    }

    @Test("a send to the edited number clears the first number's lock and cooldown")
    func newDestinationLeavesTheLock() {
        let screen = VerificationHarness()
        screen.sendCode(to: "138 1234 5678")
        screen.service.failNextCheck(with: .locked(retryAfter: .seconds(900)))
        screen.model.setCode("000000")
        screen.clock.advance(by: .milliseconds(300))
        #expect(!screen.model.screen.sendButton.isEnabled)
        screen.model.setDestination("139 1234 5678")
        #expect(
            screen.model.screen.sendButton
                == ButtonView(title: "Get code", isEnabled: true, accessibilityLabel: "Send code"))
        screen.model.tapSend()
        screen.clock.advance(by: .milliseconds(300))
        #expect(screen.model.state.check == .idle)
        #expect(screen.model.screen.code.message == "Code expires in 5:00")
        screen.model.setCode(screen.sentCode)
        screen.clock.advance(by: .milliseconds(300))
        #expect(screen.model.state.isVerified)
        expectNoTimersLeft(screen.clock)
    }

    /// Random interleavings of typing, sending, editing, checking and answers, on the pure
    /// machine with a small server beside it: whatever the order, a check is asked only for the
    /// destination on screen that the code went to, and a verified screen shows that one.
    @Test("random interleavings never verify one destination while another is on screen", arguments: 0..<40)
    func randomInterleavings(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var server = PropertyServer()
        var state = VerificationState(config: VerificationConfig(region: PhoneRegion("MX")))
        var now = TimerInstant.zero
        var pendingSend: Destination?
        var pendingCheck: (code: Secret, target: Destination)?
        let texts = ["+52 55 3030 6060", "+52 55 3030 7070", "55 3030 6060", "+52 55", ""]
        for step in 0..<300 {
            now = now + .milliseconds(Int64.random(in: 0...40_000, using: &random))
            let event: VerificationEvent
            switch Int.random(in: 0..<8, using: &random) {
            case 0: event = .destinationChanged(texts.randomElement(using: &random)!)
            case 1: event = .sendTapped
            case 2:
                guard let target = pendingSend else { continue }
                pendingSend = nil
                event = .codeRequestFinished(server.send(to: target, using: &random))
            case 3, 4:
                let right = state.sentTo.flatMap { server.codes[$0] }
                event = .codeChanged(Bool.random(using: &random) ? right ?? "111111" : "000000")
            case 5:
                guard let (code, target) = pendingCheck else { continue }
                pendingCheck = nil
                event = .codeCheckFinished(server.check(code, for: target))
            case 6: event = .verifyTapped
            default: event = .tick(VerificationCountdown.allCases.randomElement(using: &random)!)
            }
            for effect in state.apply(event, at: now) {
                switch effect {
                case .requestCode(let target):
                    #expect(state.destination == .success(target), "seed \(seed) step \(step)")
                    pendingSend = target
                case .checkCode(let code, let target):
                    #expect(
                        target == state.sentTo && state.destination == .success(target), "seed \(seed) step \(step)")
                    pendingCheck = (code, target)
                default: break
                }
            }
            guard case .verified(let proof) = state.check else { continue }
            let shown = state.config.destination(from: VerificationScreen(state).destination.text)
            #expect(shown == state.sentTo.map { .success($0) }, "seed \(seed) step \(step)")
            #expect(
                proof.token.revealed == "proof:" + (state.sentTo?.normalized ?? "none"), "seed \(seed) step \(step)")
            #expect(!VerificationScreen(state).destination.isEnabled)
        }
    }
}

/// The server of the property test: a code per destination, sends that sometimes get a 429 (a
/// code may then be in play) or are lost, and proofs that name their destination.
private struct PropertyServer {
    var codes: [Destination: String] = [:]
    private var issued = 0

    mutating func send(to target: Destination, using random: inout SplitMix64) -> Result<CodeReceipt, CodeRequestError>
    {
        issued += 1
        let code = String(100_000 + issued)
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            codes[target] = code  // sent, then the answer was lost
            return .failure(.network)
        case 1:
            if Bool.random(using: &random) { codes[target] = code }  // another device asked
            return .failure(.rateLimited(retryAfter: .seconds(30)))
        default:
            codes[target] = code
            return .success(CodeReceipt(resendAfter: .seconds(60), codeLifetime: .seconds(300)))
        }
    }

    func check(_ code: Secret, for target: Destination) -> Result<VerificationProof, CodeCheckError> {
        guard codes[target] == code.revealed else { return .failure(.wrongCode(attemptsLeft: 3)) }
        return .success(VerificationProof(token: Secret("proof:" + target.normalized)))
    }
}
