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
}
