import Hourglass
import PhoneNumbers
import SignUp
import Testing

/// A screen takes the number types it is told, by region: an Egyptian app that sends texts only
/// refuses a Cairo landline at once, with a message of its own, before any request.
@Suite("The number types a screen takes, by region")
struct AcceptedNumberTypesTests {
    static func config(_ language: SignUpLanguage = .english) -> VerificationConfig {
        var config = VerificationConfig(language: language, region: PhoneRegion("EG"))
        config.acceptedNumberTypes = [PhoneRegion("EG")!: [.mobile]]
        return config
    }

    @Test("a landline of a mobile-only region is refused; a mobile, and other regions' numbers, are taken")
    func rule() {
        let config = Self.config()
        #expect(config.destination(from: "02 23456789") == .failure(.numberTypeNotAccepted(accepted: [.mobile])))
        #expect(config.destination(from: "010 01234567") == .success(.phone("+201001234567")))
        #expect(config.destination(from: "+44 20 7946 0018") == .success(.phone("+442079460018")))
        #expect(config.destination(from: "ann@example.com") == .success(.email("ann@example.com")))
        // A number that is fixed line or mobile (the NANP's) counts as a mobile.
        var us = VerificationConfig(region: PhoneRegion("US"))
        us.acceptedNumberTypes = [PhoneRegion("US")!: [.mobile]]
        #expect(us.destination(from: "(650) 253-0000") == .success(.phone("+16502530000")))
        us.acceptedNumberTypes = [PhoneRegion("US")!: [.tollFree]]
        #expect(us.destination(from: "(650) 253-0000") == .failure(.numberTypeNotAccepted(accepted: [.tollFree])))
    }

    @Test("the screen says so at once, and sends nothing: Enter a mobile number, in every language")
    func screen() {
        var state = VerificationState(config: Self.config())
        _ = state.apply(.destinationChanged("0223456789"), at: .zero)
        let screen = VerificationScreen(state)
        #expect(screen.destination.message == "Enter a mobile number" && !screen.sendButton.isEnabled)
        #expect(state.apply(.sendTapped, at: .zero).isEmpty)
        #expect(
            SignUpStrings.arabic.destinationProblem(.numberTypeNotAccepted(accepted: [.mobile]))
                == "أدخل رقم هاتف محمول")
        #expect(
            SignUpStrings.english.destinationProblem(.numberTypeNotAccepted(accepted: [.fixedLine]))
                == "Codes can't be sent to this kind of number")
        let texts = Set(
            SignUpLanguage.allCases.map { $0.strings.destinationProblem(.numberTypeNotAccepted(accepted: [.mobile])) })
        #expect(texts.count == SignUpLanguage.allCases.count)
    }
}
