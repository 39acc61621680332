import PhoneNumbers
import Testing

/// Numbers written whole and masked by the built-in formatter, and by an app's own.
@Suite struct FormattingTests {
    @Test(
        "whole in the market's groups; masked with the code and the area code whole",
        arguments: [
            // An area code: a fixed line's, the NANP's, a mobile's where mobiles have one.
            ("+5491123456789", "+54 9 11 2345-6789", "+54 9 11 ••••-6789"),
            ("+5511961234567", "+55 11 96123-4567", "+55 11 •••••-4567"),
            ("+551123456789", "+55 11 2345-6789", "+55 11 ••••-6789"),
            ("+14155550100", "+1 415-555-0100", "+1 415-•••-0100"),
            ("+442079460958", "+44 20 7946 0958", "+44 20 •••• 0958"),
            // No national prefix, but Mexico, and Italy's leading zero.
            ("+525512345678", "+52 55 1234 5678", "+52 55 •••• 5678"),
            ("+390612345678", "+39 06 1234 5678", "+39 06 •••• 5678"),
            // No area code: a closed plan (no national prefix), most mobiles, a network.
            ("+85251234567", "+852 5123 4567", "+852 •••• 4567"),
            ("+6581234567", "+65 8123 4567", "+65 •••• 4567"),
            ("+447400123456", "+44 7400 123456", "+44 •••• ••3456"),
            ("+8613812345678", "+86 138 1234 5678", "+86 ••• •••• 5678"),
            ("+33612345678", "+33 6 12 34 56 78", "+33 • •• •• 56 78"),
            ("+819012345678", "+81 90-1234-5678", "+81 ••-••••-5678"),
            ("+4915123456789", "+49 1512 3456789", "+49 •••• •••6789"),
            ("+88299123456", "+882 99 12 3456", "+882 •• •• 3456"),
            // A long area code: at least three digits hidden, so fewer shown at the end.
            ("+97653123456", "+976 5312 3456", "+976 5312 •••6"),
            // No format fits: the national number is one group; at least three digits hidden.
            ("+2905123", "+290 5123", "+290 •••3"),
        ])
    func written(number: String, whole: String, masked: String) {
        let formatter = StandardPhoneNumberFormatter()
        #expect(formatter.formatted(number) == whole)
        #expect(formatter.masked(number) == masked)
    }

    @Test("a number of no known country code shows only its end")
    func maskedWithoutCountryCode() {
        #expect(StandardPhoneNumberFormatter().masked("+999123456") == "+•••••3456")
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
