import PhoneNumbers
import Testing

/// Numbers written whole and masked by the built-in formatter, and by an app's own.
@Suite struct FormattingTests {
    @Test(
        "whole in the market's groups; masked with the code and the first group whole",
        arguments: [
            ("+5511961234567", "+55 11 96123-4567", "+55 11 •••••-4567"),
            ("+551123456789", "+55 11 2345-6789", "+55 11 ••••-6789"),
            ("+33612345678", "+33 6 12 34 56 78", "+33 6 •• •• 56 78"),
            ("+447400123456", "+44 7400 123456", "+44 7400 •••456"),
            ("+819012345678", "+81 90-1234-5678", "+81 90-••••-5678"),
            ("+14155550100", "+1 415-555-0100", "+1 415-•••-0100"),
            ("+8613812345678", "+86 138 1234 5678", "+86 138 •••• 5678"),
            ("+5491123456789", "+54 9 11 2345-6789", "+54 9 •• ••••-6789"),
            ("+4915123456789", "+49 1512 3456789", "+49 1512 •••6789"),
            ("+88299123456", "+882 99 12 3456", "+882 99 •• •456"),
            // No format fits: the national number is one group; at least three digits hidden.
            ("+2905123", "+290 5123", "+290 •••3"),
        ])
    func written(number: String, whole: String, masked: String) {
        let formatter = StandardPhoneNumberFormatter()
        #expect(formatter.formatted(number) == whole)
        #expect(formatter.masked(number) == masked)
    }

    @Test("the national format, as the number's region writes it")
    func national() {
        let formatter = StandardPhoneNumberFormatter()
        #expect(formatter.national("+5511961234567") == "(11) 96123-4567")
        #expect(formatter.national("+33612345678") == "06 12 34 56 78")
        #expect(formatter.national("+5491123456789") == "011 15-2345-6789")
        #expect(formatter.national("+999") == nil)
    }
}
