/// Why digits are not a phone number.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum PhoneNumberProblem: Error, Hashable, Sendable {
    /// Digits without a country code, and no region to read them in; `example` is the region
    /// whose code a message can give as an example (`+33` in France), when one is known.
    case missingCountryCode(example: PhoneRegion?)
    /// Not a phone number: a stray prefix, or digits no number of the country starts with.
    case invalid
    /// The digits after `+` (up to three shown) start with no country calling code.
    case unknownCountryCode(String)
    /// The national number has `found` digits; numbers with `+callingCode` have one of the
    /// `expected` lengths, ascending (`[7, 9, 10]` for `+44`: there may be gaps).
    case wrongLength(callingCode: String, expected: [Int], found: Int)
    /// More than E.164's 15 digits in all.
    case tooLong
}
