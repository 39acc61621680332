import SignUpDomain
import Testing

/// What the server and the view-models share, read the same on both sides.
@Suite("The shared domain: limit keys and defaults")
struct DomainTests {
    @Test(
        "every spelling of one mailbox has one limit key; a number is its E.164 form",
        arguments: [
            ("User+x@Example.COM", "user@example.com"), ("MULTI@example.com", "multi@example.com"),
            ("multi+2@example.com", "multi@example.com"), ("+tag@example.com", "+tag@example.com"),
            ("+1 415 555 0100", "+14155550100"),
        ])
    func limitKey(typed: String, key: String) throws {
        let destination = try Destination.parse(typed, region: nil).get()
        #expect(destination.limitKey == key)
    }

    @Test("the defaults are the contract's")
    func defaults() {
        #expect(VerificationDefaults.cooldown == .seconds(60))
        #expect(VerificationDefaults.codeLength == 6)
        #expect(VerificationDefaults.codeLifetime == .seconds(600))
        #expect(VerificationDefaults.sendLimit == 5)
        #expect(VerificationDefaults.sendWindow == .seconds(3_600))
        #expect(VerificationDefaults.attempts == 5)
        #expect(VerificationDefaults.lockDuration == .seconds(900))
        #expect(VerificationDefaults.proofLifetime == .seconds(600))
    }
}
