public import PhoneNumbers

/// The digits a screen writes its counts in: Western (`latn`, 0–9), Arabic-Indic (`arab`, ٠–٩),
/// Extended Arabic-Indic (`arabext`, ۰–۹), Bengali (`beng`) … by CLDR's identifiers.
///
/// A configuration takes its language's default in its region, as CLDR gives it
/// (``default(language:region:)``) and as Foundation's `NumberFormatter` writes numbers on a
/// phone set to that locale: Egyptian and Saudi Arabic write `٤٢`, Emirati and Moroccan Arabic
/// `42`, Persian `۴۲`, Bengali `৪২`. The countdowns, attempts, lengths and minima a screen
/// shows are written in it; a phone number, a masked destination and a code keep ASCII digits,
/// the ones the person compares with their phone's.
public struct NumberingSystem: Hashable, Sendable, CustomStringConvertible {
    /// CLDR's identifier: `latn`, `arab`, `arabext`, `beng`, `deva` ….
    public let identifier: String
    /// The system's zero: its digits follow it, as Unicode lays out every decimal system.
    private let zero: Unicode.Scalar

    /// Western digits, 0–9.
    public static let latn = NumberingSystem(identifier: "latn", zero: "0")
    /// Arabic-Indic digits, ٠–٩: CLDR's default for Arabic in Egypt, Saudi Arabia and most of
    /// the Middle East.
    public static let arab = NumberingSystem(identifier: "arab", zero: "\u{0660}")

    private init(identifier: String, zero: Unicode.Scalar) {
        self.identifier = identifier
        self.zero = zero
    }

    /// The system CLDR names `identifier` (`latn`, or any system some locale writes by
    /// default: `arab`, `arabext`, `beng`, `deva`, `mymr` …); nil for another.
    public init?(_ identifier: String) {
        guard identifier != "latn" else {
            self = .latn
            return
        }
        guard let zero = Self.zeros[identifier] else { return nil }
        self.init(identifier: identifier, zero: zero)
    }

    /// CLDR's default system for `language` (a BCP 47 tag: `ar`, `pt-BR`; its first subtag is
    /// read) in `region`: the locale's own (`ar-EG` is `arab`), else the language's (`fa` is
    /// `arabext`, `ar` is `latn`), else `latn`.
    public static func `default`(language: String, region: PhoneRegion?) -> NumberingSystem {
        let subtag = String(language.prefix { $0 != "-" && $0 != "_" }).lowercased()
        let identifier =
            region.flatMap { regionDefaults["\(subtag)-\($0.identifier)"] } ?? languageDefaults[subtag] ?? "latn"
        return NumberingSystem(identifier) ?? .latn
    }

    /// `text` with each ASCII digit written in this system; `text` itself for ``latn``.
    public func digits(_ text: String) -> String {
        guard self != .latn, text.utf8.contains(where: { (0x30...0x39).contains($0) }) else { return text }
        var written = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if (0x30...0x39).contains(scalar.value), let digit = Unicode.Scalar(zero.value + scalar.value - 0x30) {
                written.append(digit)
            } else {
                written.append(scalar)
            }
        }
        return String(written)
    }

    /// ``digits(_:)``, but for the digits of a number written after `+` (a calling code): a
    /// number is compared with the phone's, so it keeps ASCII.
    func digitsKeepingNumbers(_ text: String) -> String {
        guard self != .latn else { return text }
        var written = String.UnicodeScalarView()
        var inNumber = false
        for scalar in text.unicodeScalars {
            let ascii = (0x30...0x39).contains(scalar.value)
            if scalar == "+" { inNumber = true } else if !ascii { inNumber = false }
            if ascii, !inNumber, let digit = Unicode.Scalar(zero.value + scalar.value - 0x30) {
                written.append(digit)
            } else {
                written.append(scalar)
            }
        }
        return String(written)
    }

    /// The identifier.
    public var description: String { identifier }
}
