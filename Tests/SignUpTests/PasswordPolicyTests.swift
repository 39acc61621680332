import SignUp
import TestSupport
import Testing

@Suite("Password policy (NIST SP 800-63B)")
struct PasswordPolicyTests {
    let policy = PasswordPolicy()

    @Test(
        "accepted: spaces, Unicode, 64 and 128 characters; strength is a hint",
        arguments: [
            ("river stone", PasswordStrength.fair),
            ("пароль с пробелами", .strong),
            ("这是一个很长的中文密码句子", .fair),
            ("Tr0ub4dor&3", .fair),
            ("Tr0ub4dor&3x", .strong),
            ("bluefish", .weak),
            (String(repeating: "ab", count: 32), .strong),
            (String(repeating: "xyz", count: 42) + "qw", .strong),
        ])
    func accepted(password: String, strength: PasswordStrength) {
        #expect(policy.check(Secret(password)) == PasswordCheck(problem: nil, strength: strength))
    }

    @Test(
        "refused, and why",
        arguments: [
            ("1234567", PasswordProblem.tooShort(minimum: 8)),
            ("", .tooShort(minimum: 8)),
            (String(repeating: "q", count: 60) + String(repeating: "wer", count: 23), .tooLong(maximum: 128)),
            ("PASSWORD1", .common),
            ("woaini1314", .common),
            ("zzzzzzzzzz", .predictable),
            ("987654321", .predictable),
            ("87654321", .common),
            ("lmnopqrst", .predictable),
        ])
    func refused(password: String, problem: PasswordProblem) {
        #expect(policy.check(Secret(password)).problem == problem)
    }

    @Test("a password over the maximum is refused whole, never cut")
    func neverTruncated() {
        let long = Secret(String(repeating: "a-b ", count: 33))
        #expect(long.count == 132)
        #expect(policy.check(long).problem == .tooLong(maximum: 128))
        #expect(long.revealed.count == 132)
    }

    @Test("the account itself is refused as a password")
    func accountName() {
        #expect(policy.check(Secret("alice.smith!"), account: "Alice.Smith@example.com").problem == .containsAccount)
        #expect(policy.check(Secret("my number 13812345678"), account: "13812345678").problem == .containsAccount)
        #expect(policy.check(Secret("alice-in-chains"), account: "bob@example.com").problem == nil)
    }
}
