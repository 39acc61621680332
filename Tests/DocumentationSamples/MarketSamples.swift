import PhoneNumbers
import SignUp
import Testing

// The samples of the SignUp catalog's "Phone numbers in every market", verbatim.

struct MyPhoneLibraryParser: PhoneNumberParser {
    func parse(_ number: String, region: PhoneRegion?) -> Result<String, PhoneNumberProblem> {
        // Hand `number` and `region?.identifier` to your library here.
        number.hasPrefix("+") ? .success(number) : .failure(.missingCountryCode(example: region))
    }
}

let custom = VerificationConfig(region: PhoneRegion("FR"), phoneParser: MyPhoneLibraryParser())

@Suite("Documentation samples: phone numbers in every market")
struct MarketSamples {
    @Test("a region reads national numbers; a number with + needs none")
    func region() {
        let config = VerificationConfig(region: PhoneRegion("FR"))
        #expect(config.destination(from: "06 12 34 56 78") == .success(.phone("+33612345678")))
        #expect(config.destination(from: "+1 (415) 555-0100") == .success(.phone("+14155550100")))
    }

    @Test("an app's own parser is handed to the models")
    func ownParser() {
        #expect(custom.destination(from: "+44 20 7946 0958") == .success(.phone("+442079460958")))
        #expect(
            custom.destination(from: "020 7946 0958")
                == .failure(.phone(.missingCountryCode(example: PhoneRegion("FR")))))
        #expect(
            SignUpStrings.english.destinationProblem(.phone(.missingCountryCode(example: PhoneRegion("FR"))))
                == "Add the country code, e.g. +33")
    }
}
