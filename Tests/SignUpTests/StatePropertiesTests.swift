import Hourglass
import SignUp
import Testing

/// `VerificationState`'s `==` is written out (the runtime compares every new state with the one
/// before it, and the derived one is slow): it must compare every stored property. This fails
/// when one is added or renamed, so that `==` is looked at again.
@Suite("A state's comparison covers every property")
struct StatePropertiesTests {
    @Test("VerificationState's stored properties are the ones its == compares")
    func verificationStateProperties() {
        let labels = Mirror(reflecting: VerificationState()).children.map { $0.label ?? "?" }
        #expect(
            labels == [
                "config", "now", "destinationText", "destinationEdited", "destination", "sentTo",
                "codeMayBeInPlay", "send", "calling", "sentBy", "cooldownEnd", "cooldownLength", "sendTimes",
                "sendLimitEnd", "code",
                "codeLength", "codeExpiry", "codeLifetime", "check", "notice", "regionSearch",
            ])
    }

    @Test("a state differs from the one before a typed destination, and from one at another instant")
    func comparesDestinationAndNow() {
        let clock = VirtualClock()
        let model = VerificationViewModel(clock: clock, service: ScriptedVerificationService(clock: clock))
        let empty = model.state
        model.setDestination("+86 138 1234 5678")
        #expect(model.state != empty)
        #expect(model.state == model.state)
        #expect(VerificationState(now: .zero) != VerificationState(now: .zero.advanced(by: .seconds(1))))
        #expect(VerificationState(now: .zero) == VerificationState(now: .zero))
    }
}
