import PhoneNumbers
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

/// Reading a destination is bounded before any Unicode work: the crafted 16 KiB address of
/// combining marks in reverse canonical order (quadratic to normalise) is refused unread.
@Suite("A destination's reading is bounded")
struct BoundedDestinationTests {
    @Test("the crafted 16 KiB address is refused; a long address of few marks is read in scalars")
    func crafted() {
        let marks = String(repeating: "\u{0301}", count: 3_975) + String(repeating: "\u{0316}", count: 3_975)
        let crafted = "x@a" + marks + ".com"
        #expect(crafted.utf8.count > 15_000)
        #expect(Destination.parse(crafted, region: nil) == .failure(.invalidEmail))
        #expect(Destination.parse(String(repeating: "1", count: 2_000), region: nil) == .failure(.phone(.tooLong)))
        // Within the byte bound, the 254 characters are scalars: 300 marks on one letter are too many.
        let marked = "x@a" + String(repeating: "\u{0301}", count: 300) + ".com"
        #expect(marked.utf8.count <= Destination.longestInput)
        #expect(Destination.parse(marked, region: nil) == .failure(.invalidEmail))
        #expect(Destination.parse("alice@éxample.com", region: nil) == .success(.email("alice@éxample.com")))
    }
}
