import Foundation
import PhoneNumbers
import SignUp
import TestSupport
import Testing

@Suite("Destinations: parsing, normalising, masking")
struct DestinationTests {
    @Test(
        "accepted input and its normal form",
        arguments: [
            ("13812345678", Destination.phone("+8613812345678")),
            ("+86 138-1234-5678", .phone("+8613812345678")),
            ("86 138 1234 5678", .phone("+8613812345678")),
            (
                "（+86）138 1234 5678".replacingOccurrences(of: "（", with: "(").replacingOccurrences(of: "）", with: ")"),
                .phone("+8613812345678")
            ),
            ("１３８１２３４５６７８", .phone("+8613812345678")),
            ("＋８６ １３８１２３４５６７８", .phone("+8613812345678")),
            ("+44 20 7946 0958", .phone("+442079460958")),
            ("+1 (415) 555-0100", .phone("+14155550100")),
            // Pasted: no-break and thin spaces, non-breaking hyphens, an en dash, direction marks
            // (a number copied from a contact), a zero-width space at the end.
            ("+1\u{A0}415\u{A0}555\u{A0}0100", .phone("+14155550100")),
            ("+1\u{2011}415\u{2011}555\u{2011}0100", .phone("+14155550100")),
            ("\u{202A}+1 (415) 555\u{2013}0100\u{202C}", .phone("+14155550100")),
            ("\u{200E}+44\u{2009}20\u{2009}7946\u{2009}0958\u{200B}", .phone("+442079460958")),
            ("147 1234 5678", .phone("+8614712345678")),  // in China, an 11-digit mobile
            // A Beijing landline is a destination (its code comes by call); a screen takes mobiles
            // alone in China by default (ChinaRuleTests).
            ("010 1234 5678", .phone("+861012345678")),
            ("  User.Name@Example.COM ", .email("User.Name@example.com")),
            ("ｕｓｅｒ＠ｅｘａｍｐｌｅ．ｃｎ", .email("user@example.cn")),
        ])
    func accepted(input: String, expected: Destination) {
        #expect(Destination.parse(input, region: PhoneRegion("CN")) == .success(expected))
    }

    @Test(
        "refused input and why",
        arguments: [
            ("", DestinationProblem.empty),
            ("   ", .empty),
            // A number of mainland China that is none: a mobile cut short, a wrong area code.
            ("1381234", .invalidChinaMobile),
            ("23812345678", .invalidChinaMobile),
            ("+86 238 1234 5678", .invalidChinaMobile),
            ("+44 20 7946 095", .phone(.invalid)),
            ("00 44 20 7946 095", .phone(.invalid)),  // dialled abroad: no Chinese number
            ("+44 12", .phone(.wrongLength(callingCode: "44", expected: [7, 9, 10], found: 2))),
            ("+0 123 456 789", .phone(.unknownCountryCode("0"))),
            ("+1234567890123456", .phone(.tooLong)),
            ("138 1234 567x", .phone(.invalid)),
            ("+1 415\n555 0100", .phone(.invalid)),  // a line break is no separator
            ("\u{202E}+1 415 555 0100", .phone(.invalid)),  // nor a direction override
            ("user@", .invalidEmail),
            ("@example.com", .invalidEmail),
            ("user@example", .invalidEmail),
            ("us er@example.com", .invalidEmail),
            ("a@b@example.com", .invalidEmail),
            ("user@example..com", .invalidEmail),
        ])
    func refused(input: String, problem: DestinationProblem) {
        #expect(Destination.parse(input, region: PhoneRegion("CN")) == .failure(problem))
    }

    @Test(
        "masked: the country code and a real area code whole, at most half the national number shown, at least three hidden",
        arguments: [
            ("+14155550100", "+1 415-•••-0100", "+1 415-555-0100"),
            ("+8613812345678", "+86 ••• •••• 5678", "+86 138 1234 5678"),
            ("+33612345678", "+33 • •• •• 56 78", "+33 6 12 34 56 78"),
            ("+442079460958", "+44 20 •••• 0958", "+44 20 7946 0958"),
            ("+4915123456789", "+49 •••• •••6789", "+49 1512 3456789"),
            ("+6591234567", "+65 •••• 4567", "+65 9123 4567"),
            ("+3545512345", "+354 ••• •345", "+354 551 2345"),
            ("+29012345", "+290 •••45", "+290 12345"),
            ("+80012345678", "+800 •••• 5678", "+800 1234 5678"),
        ])
    func masked(number: String, masked: String, formatted: String) {
        #expect(Destination.phone(number).masked == masked)
        #expect("\(Destination.phone(number))" == masked)
        #expect(Destination.phone(number).formatted == formatted)
    }

    @Test("an e-mail address keeps its first character and its domain")
    func maskedEmail() {
        #expect(Destination.email("user@example.com").masked == "u***@example.com")
        #expect(Destination.email("用户@例子.广告").masked == "用***@例子.广告")
    }

    @Test("a secret describes itself masked everywhere")
    func secretMasked() {
        let secret = Secret("hunter2")
        var dumped = ""
        dump(secret, to: &dumped)
        #expect("\(secret)" == "•••••••")
        #expect(String(reflecting: secret) == "Secret(•••••••)")
        #expect(!dumped.contains("hunter2"))
        #expect(secret.revealed == "hunter2")
    }

    @Test("the state machines' events print a typed code or password masked: print, debugPrint and dump")
    func eventsMasked() {
        let events: [(Any, String, String)] = [
            (VerificationEvent.codeChanged("482913"), "codeChanged(Secret(••••••))", "VerificationEvent."),
            (RegistrationEvent.passwordChanged("hunter2"), "passwordChanged(Secret(•••••••))", "RegistrationEvent."),
            (
                RegistrationEvent.confirmationChanged("hunter2"), "confirmationChanged(Secret(•••••••))",
                "RegistrationEvent."
            ),
        ]
        for (event, shown, type) in events {
            var dumped = ""
            dump(event, to: &dumped)
            #expect("\(event)" == shown)
            #expect(String(reflecting: event) == type + shown)
            #expect(!dumped.contains("482913") && !dumped.contains("hunter2"))
            #expect(dumped.contains("•"))
        }
        #expect("\(VerificationEvent.destinationChanged("a@example.com"))" == #"destinationChanged("a@example.com")"#)
        #expect("\(RegistrationEvent.submitTapped)" == "submitTapped")
    }
}

/// Mainland China's mobile rule is one case of the screens' number types: the default.
@Suite struct ChinaRuleTests {
    @Test("a Chinese landline: refused by the default config as not a mobile, taken when the app calls landlines")
    func landline() throws {
        var config = VerificationConfig(region: PhoneRegion("CN"))
        #expect(config.acceptedNumberTypes == VerificationConfig.chinaMobilesOnly)
        #expect(config.destination(from: "010 1234 5678") == .failure(.numberTypeNotAccepted(accepted: [.mobile])))
        #expect(config.destination(from: "+86 10 1234 5678") == .failure(.numberTypeNotAccepted(accepted: [.mobile])))
        #expect(config.destination(from: "138 1234 5678") == .success(.phone("+8613812345678")))
        // An invalid number read in China keeps its own words.
        #expect(config.destination(from: "1381234") == .failure(.invalidChinaMobile))
        #expect(
            SignUpStrings.english.destinationProblem(.numberTypeNotAccepted(accepted: [.mobile]))
                == "Enter a mobile number")
        config.acceptedNumberTypes = [:]
        #expect(config.destination(from: "010 1234 5678") == .success(.phone("+861012345678")))
        #expect(CodeChannel.default(for: .phone("+861012345678")) == .voice)
        // Another region's rule leaves China's out unless it is kept.
        config.acceptedNumberTypes = [try #require(PhoneRegion("EG")): [.mobile]]
        #expect(config.destination(from: "010 1234 5678") == .success(.phone("+861012345678")))
    }
}
