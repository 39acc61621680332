import Foundation
import SignUp
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
            ("1 415 555 0100", .phone("+8614155550100")),
            ("  User.Name@Example.COM ", .email("User.Name@example.com")),
            ("ｕｓｅｒ＠ｅｘａｍｐｌｅ．ｃｎ", .email("user@example.cn")),
        ])
    func accepted(input: String, expected: Destination) {
        #expect(Destination.parse(input) == .success(expected))
    }

    @Test(
        "refused input and why",
        arguments: [
            ("", DestinationProblem.empty),
            ("   ", .empty),
            ("23812345678", .invalidChinaMobile),
            ("+86 238 1234 5678", .invalidChinaMobile),
            ("1381234", .missingCountryCode),
            ("+44 12", .invalidPhone),
            ("+0 123 456 789", .invalidPhone),
            ("+1234567890123456", .invalidPhone),
            ("138 1234 567x", .invalidPhone),
            ("+1 415\n555 0100", .invalidPhone),  // a line break is no separator
            ("\u{202E}+1 415 555 0100", .invalidPhone),  // nor a direction override
            ("user@", .invalidEmail),
            ("@example.com", .invalidEmail),
            ("user@example", .invalidEmail),
            ("us er@example.com", .invalidEmail),
            ("a@b@example.com", .invalidEmail),
            ("user@example..com", .invalidEmail),
        ])
    func refused(input: String, problem: DestinationProblem) {
        #expect(Destination.parse(input) == .failure(problem))
    }

    @Test("masked forms hide the middle")
    func masked() {
        #expect(Destination.phone("+8613812345678").masked == "+86 138****5678")
        #expect(Destination.phone("+442079460958").masked == "+442****0958")
        #expect(Destination.email("user@example.com").masked == "u***@example.com")
        #expect("\(Destination.phone("+8613812345678"))" == "+86 138****5678")
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
