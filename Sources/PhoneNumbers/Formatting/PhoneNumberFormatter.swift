/// Writes an E.164 number for people: whole, in a field, and masked, on screen and in logs.
/// ``StandardPhoneNumberFormatter`` writes it as libphonenumber does; an app with its own rules
/// hands the models its own.
public protocol PhoneNumberFormatter: Hashable, Sendable {
    /// The number to show whole, e.g. `+55 11 96123-4567`.
    /// - Parameter number: an E.164 number (`+5511961234567`).
    func formatted(_ number: String) -> String

    /// The number to show where it must not be read whole (on screen after a send, in logs),
    /// e.g. `+55 11 •••••-4567`.
    /// - Parameter number: an E.164 number.
    func masked(_ number: String) -> String
}
