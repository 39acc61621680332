import Hourglass
import PhoneNumbers
import SignUp
import TestSupport
import Testing

/// An app's own phone parser — here a stand-in for a libphonenumber port: every number is a
/// six-digit extension of the company's switchboard, +882 99.
struct SwitchboardParser: PhoneNumberParser {
    let switchboard = "+88299"

    func parse(_ number: String, region: PhoneRegion?) -> Result<String, PhoneNumberProblem> {
        let digits = number.filter(\.isNumber)
        guard digits.count == 6, !number.hasPrefix("+") else {
            return .failure(.wrongLength(callingCode: "882", expected: [6], found: digits.count))
        }
        return .success(switchboard + digits)
    }
}

@Suite("An app's own phone parser")
struct CustomParserTests {
    @Test("the models read numbers with the parser the config names, and mask its result by the same rule")
    func pluggedIn() {
        let clock = VirtualClock()
        let service = ScriptedVerificationService(clock: clock)
        let model = VerificationViewModel(
            config: VerificationConfig(region: PhoneRegion("GB"), phoneParser: SwitchboardParser()),
            clock: clock, service: service, wallClock: ManualWallClock())
        model.setDestination("12 345")
        #expect(model.screen.destination.message == "A +882 number has 6 digits after the country code, not 5")
        model.setDestination("12 34 56")
        #expect(model.state.destination == .success(.phone("+88299123456")))
        model.tapSend()
        clock.advance(by: .seconds(1))
        #expect(model.screen.message == "Code sent to +882 •• •• 3456")
        #expect(service.lastCode(sentTo: .phone("+88299123456")) != nil)
    }

    /// An app's own formatter: the switchboard's extensions, written as its staff say them.
    struct ExtensionFormatter: PhoneNumberFormatter {
        func formatted(_ number: String) -> String { "ext. " + number.suffix(6) }
        func masked(_ number: String) -> String { "ext. ••••" + number.suffix(2) }
    }

    @Test("the models write numbers with the formatter the config names: masked on screen, whole after a restart")
    func formatterPluggedIn() throws {
        let clock = VirtualClock()
        let store = InMemoryCooldownStore()
        let config = VerificationConfig(
            region: nil, phoneParser: SwitchboardParser(), phoneFormatter: ExtensionFormatter())
        let model = VerificationViewModel(
            config: config, clock: clock, service: ScriptedVerificationService(clock: clock), store: store,
            wallClock: ManualWallClock())
        model.setDestination("12 34 56")
        model.tapSend()
        clock.advance(by: .seconds(1))
        #expect(model.screen.message == "Code sent to ext. ••••56")
        let restored = VerificationViewModel(
            config: config, clock: clock, service: ScriptedVerificationService(clock: clock), store: store,
            wallClock: ManualWallClock())
        #expect(restored.screen.destination.text == "ext. 123456")
        #expect(config != VerificationConfig(region: nil, phoneParser: SwitchboardParser()))
        #expect(config.phoneFormatter is ExtensionFormatter)
    }

    @Test("configs are equal when their parsers are; the built-in one is the default")
    func equality() {
        #expect(
            VerificationConfig(region: nil) == VerificationConfig(region: nil, phoneParser: StandardPhoneNumberParser())
        )
        #expect(VerificationConfig(region: nil) != VerificationConfig(region: nil, phoneParser: SwitchboardParser()))
        #expect(VerificationConfig(region: PhoneRegion("FR")) != VerificationConfig(region: PhoneRegion("DE")))
        #expect(VerificationConfig(region: nil).phoneParser is StandardPhoneNumberParser)
    }

    /// A parser that answers whatever it was built with.
    struct Answering: PhoneNumberParser {
        let answer: String
        func parse(_ number: String, region: PhoneRegion?) -> Result<String, PhoneNumberProblem> { .success(answer) }
    }

    @Test(
        "a parser's answer that is no E.164 number is refused, so the service never gets it",
        arguments: ["hello", "+1", "+0123456789", "+9991234567", "+1234567890123456", "a@example.com", "4155550100"])
    func answerChecked(answer: String) {
        let config = VerificationConfig(region: nil, phoneParser: Answering(answer: answer))
        #expect(config.destination(from: "+1 415 555 0100") == .failure(.phone(.invalid)))
    }
}
