public import PhoneNumbers

/// How a code reaches its destination: a text message, a call that says it, or an e-mail.
///
/// A phone number gets a text unless libphonenumber types it as fixed line: a landline cannot
/// take a text, so it gets a call (``default(for:)``). Any number can take a call, which a
/// person may ask for once the first wait is over ("Call me"); an e-mail address has only
/// ``email``. Client and server decide by this one rule. More channels may come in a minor
/// release (a messaging app's): a `switch` over one ends with `@unknown default`.
#if hasAttribute(nonexhaustive)
@nonexhaustive
#endif
public enum CodeChannel: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A text message (SMS).
    case sms
    /// A call whose voice says the code, digit by digit, twice.
    case voice
    /// An e-mail.
    case email

    /// The channel's name on the wire: `sms`, `voice`, `email`.
    public var description: String { rawValue }

    /// The channel a send that names none takes: ``email`` for an address; ``voice`` for a
    /// number libphonenumber types as fixed line; ``sms`` for every other number (mobile, fixed
    /// line or mobile, VoIP, personal, pager …, and a number of no known type).
    public static func `default`(for destination: Destination) -> CodeChannel {
        switch destination {
        case .email: .email
        case .phone(let number): takesTexts(PhoneNumbering.type(of: number)) ? .sms : .voice
        }
    }

    /// Whether this channel can reach `destination`: ``email`` an address only, ``voice``
    /// any phone number, ``sms`` a phone number that is not fixed line.
    public func reaches(_ destination: Destination) -> Bool {
        switch (self, destination) {
        case (.email, .email): true
        case (.voice, .phone): true
        case (.sms, .phone(let number)): Self.takesTexts(PhoneNumbering.type(of: number))
        default: false
        }
    }

    /// Whether a number of `type` can take a text: every type but fixed line.
    public static func takesTexts(_ type: PhoneNumberType?) -> Bool {
        type != .fixedLine
    }
}
