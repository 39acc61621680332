import Foundation
import Hourglass
public import PhoneNumbers

/// The region picker of the number field: every region libphonenumber knows, each with its name
/// in the screen's language (CLDR's, from the pinned babel release), its flag and its calling
/// code, sorted as that language sorts, and searchable.
///
/// The order is CLDR's collation for the language, as Foundation compares strings for a locale
/// (`String.compare(_:options:range:locale:)`, ICU's collator on Linux and on Apple
/// platforms): in German, "Ägypten" comes between "Afghanistan" and "Albanien"; in Turkish,
/// "Çad" after "Cezayir"; in Chinese, by pinyin. A search ignores case and diacritics and finds a
/// region by its name in the screen's language or in English, by its ISO code (`de`), or by its
/// calling code (`+20`, `20`).
public struct RegionPicker: Hashable, Sendable {
    /// The language of the names and of their order.
    public let language: SignUpLanguage
    /// Every region, in the language's order.
    public let choices: [RegionChoice]
    /// The region chosen; by default the system's (`PhoneRegion.current`).
    public private(set) var selected: PhoneRegion?
    /// Each choice's names as a search reads them (folded), made once a language with the order.
    private let searchNames: [[String]]

    /// The picker for `language`, `selected` chosen.
    public init(language: SignUpLanguage, selected: PhoneRegion? = .current) {
        self.language = language
        self.selected = selected
        (choices, searchNames) = Self.choices(for: language)
    }

    /// The choice of the selected region, if any.
    public var selectedChoice: RegionChoice? {
        selected.flatMap { region in choices.first { $0.region == region } }
    }

    /// Chooses `region`.
    public mutating func select(_ region: PhoneRegion) {
        selected = region
    }

    /// Follows a number typed with `+`: its calling code's region, or among the regions that
    /// share it, the one the number is from as libphonenumber reads it (`+44 7781…` is Guernsey).
    /// A text without `+`, or whose calling code is not complete yet, changes nothing.
    public mutating func follow(typed text: String) {
        selected = Self.region(following: text, from: selected)
    }

    /// The region a picker showing `current` shows once `text` is typed (see ``follow(typed:)``).
    public static func region(following text: String, from current: PhoneRegion?) -> PhoneRegion? {
        guard let number = PhoneNumbering.dialableDigits(of: text), number.hasPrefix("+"),
            let code = PhoneNumbering.callingCode(of: number)
        else { return current }
        if let region = PhoneNumbering.region(of: number) { return region }
        if current?.callingCode == code { return current }
        return PhoneNumbering.mainRegion(ofCallingCode: code) ?? current
    }

    /// The choices `query` finds, best first: an ISO code or calling code that is the query,
    /// then names that start with it, then names that hold it; empty for an empty query.
    public func matches(_ query: String) -> [RegionChoice] {
        let folded = Self.fold(query.trimmingCharacters(in: .whitespaces))
        guard !folded.isEmpty else { return [] }
        let digits = folded.hasPrefix("+") ? String(folded.dropFirst()) : folded
        var exact: [RegionChoice] = []
        var starting: [RegionChoice] = []
        var holding: [RegionChoice] = []
        for (choice, names) in zip(choices, searchNames) {
            if folded == choice.region.identifier.lowercased() || (!digits.isEmpty && digits == choice.callingCode) {
                exact.append(choice)
            } else if names.contains(where: { $0.hasPrefix(folded) }) {
                starting.append(choice)
            } else if names.contains(where: { $0.contains(folded) }) {
                holding.append(choice)
            }
        }
        return exact + starting + holding
    }

    /// `text` in lower case without diacritics, for a search.
    private static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// The regions with their names in `language`, in its collation order, and the names a
    /// search reads: made once a language (a screen searching renders on every tick).
    private static func choices(for language: SignUpLanguage) -> ([RegionChoice], [[String]]) {
        if let made = sorted.withLock({ $0[language.identifier] }) { return made }
        let choices = sortedChoices(for: language)
        let made = (choices, choices.map { [fold($0.name), fold($0.englishName)] })
        sorted.withLock { $0[language.identifier] = made }
        return made
    }

    private static let sorted = Locked<[String: ([RegionChoice], [[String]])]>([:])

    private static func sortedChoices(for language: SignUpLanguage) -> [RegionChoice] {
        let names = RegionNames.names(in: language.identifier)
        let english = RegionNames.names(in: "en")
        let locale = Locale(identifier: language.identifier)
        return PhoneRegion.all.map { region in
            RegionChoice(
                region: region, name: names[region.identifier] ?? region.identifier,
                englishName: english[region.identifier] ?? region.identifier)
        }
        .sorted { left, right in
            switch left.name.compare(right.name, locale: locale) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: left.region.identifier < right.region.identifier
            }
        }
    }
}
