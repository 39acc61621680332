/// Reads a phone number as a person typed it into its E.164 form. ``StandardPhoneNumberParser``
/// reads it with libphonenumber's rules and data; an app that ships its own port of
/// libphonenumber, say, hands the models that instead.
public protocol PhoneNumberParser: Hashable, Sendable {
    /// The E.164 form of `number` (`+` and up to 15 digits), or why it is not a number.
    /// - Parameters:
    ///   - number: ASCII digits, with a leading `+` when one was typed (`+33612345678`,
    ///     `0612345678`): spaces, dashes, dots, brackets, invisible formatting marks and
    ///     full-width forms are already removed.
    ///   - region: the region a number without `+` is read in; nil when none is known.
    func parse(_ number: String, region: PhoneRegion?) -> Result<String, PhoneNumberProblem>
}
