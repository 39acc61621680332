/// A language the sign-up screens speak: an identifier (a BCP 47 language tag such as `en`
/// or `zh-Hans`) and its ``SignUpStrings``.
///
/// Built in: fifteen languages (``allCases``), each table complete, with its counted texts chosen
/// by CLDR's plural rules (`PluralRule`). An app adds a language, or changes texts
/// of a built-in one, with ``init(identifier:strings:)``, and picks the language for the
/// person with ``preferred(from:among:)``. Strings are kept in code, since `Bundle`
/// localisation is incomplete on Linux. Two languages are equal when their identifiers are.
public struct SignUpLanguage: Hashable, Sendable, CaseIterable, RawRepresentable, CustomStringConvertible {
    /// The language tag, e.g. `en`, `zh-Hans`, `de`.
    public let identifier: String
    /// Every text, in this language.
    public var strings: SignUpStrings { table.strings }
    /// The texts, shared by every copy: a language travels in every state value, which is
    /// copied on each change, so its ~40 strings and closures are kept behind one reference.
    private let table: Table

    /// A language of the app's: `identifier` is its BCP 47 tag, `strings` its texts.
    public init(identifier: String, strings: SignUpStrings) {
        self.identifier = identifier
        table = Table(strings)
    }

    /// An immutable table of texts, shared by reference.
    private final class Table: Sendable {
        let strings: SignUpStrings
        init(_ strings: SignUpStrings) { self.strings = strings }
    }

    /// English (`en`): the fallback when no preferred language is available.
    public static let english = SignUpLanguage(identifier: "en", strings: .english)
    /// Simplified Chinese (`zh-Hans`; `zh`, `zh-CN` and `zh-SG` find it).
    public static let simplifiedChinese = SignUpLanguage(identifier: "zh-Hans", strings: .simplifiedChinese)
    /// Traditional Chinese (`zh-Hant`, as written in Taiwan; `zh-TW`, `zh-HK` and `zh-MO` find it).
    public static let traditionalChinese = SignUpLanguage(identifier: "zh-Hant", strings: .traditionalChinese)
    /// Spanish (`es`, Latin American; `es-MX`, `es-419` and `es-ES` find it).
    public static let spanish = SignUpLanguage(identifier: "es", strings: .spanish)
    /// Portuguese (`pt-BR`; `pt` and `pt-PT` find it).
    public static let portuguese = SignUpLanguage(identifier: "pt-BR", strings: .portuguese)
    /// French (`fr`).
    public static let french = SignUpLanguage(identifier: "fr", strings: .french)
    /// German (`de`).
    public static let german = SignUpLanguage(identifier: "de", strings: .german)
    /// Italian (`it`).
    public static let italian = SignUpLanguage(identifier: "it", strings: .italian)
    /// Japanese (`ja`).
    public static let japanese = SignUpLanguage(identifier: "ja", strings: .japanese)
    /// Korean (`ko`).
    public static let korean = SignUpLanguage(identifier: "ko", strings: .korean)
    /// Arabic (`ar`), right to left: numbers, masked destinations and waits are isolated
    /// (``SignUpStrings/isolated(_:)``).
    public static let arabic = SignUpLanguage(identifier: "ar", strings: .arabic)
    /// Hindi (`hi`).
    public static let hindi = SignUpLanguage(identifier: "hi", strings: .hindi)
    /// Russian (`ru`).
    public static let russian = SignUpLanguage(identifier: "ru", strings: .russian)
    /// Indonesian (`id`).
    public static let indonesian = SignUpLanguage(identifier: "id", strings: .indonesian)
    /// Turkish (`tr`).
    public static let turkish = SignUpLanguage(identifier: "tr", strings: .turkish)

    /// The built-in languages, English first.
    public static let allCases: [SignUpLanguage] = [
        .english, .simplifiedChinese, .traditionalChinese, .spanish, .portuguese, .french, .german, .italian,
        .japanese, .korean, .arabic, .hindi, .russian, .indonesian, .turkish,
    ]

    /// Whether the language is written right to left (Arabic, Hebrew, Persian, Urdu, …), by its
    /// identifier's language subtag: a screen lays out from the right.
    public var isRightToLeft: Bool {
        let language = identifier.lowercased().split { $0 == "-" || $0 == "_" }.first ?? ""
        return ["ar", "he", "iw", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb"].contains(String(language))
    }

    /// The built-in language tagged exactly `rawValue` (`en`, `zh-Hans`, `pt-BR`), if any.
    public init?(rawValue: String) {
        guard let language = Self.allCases.first(where: { $0.identifier == rawValue }) else { return nil }
        self = language
    }

    /// The language tag.
    public var rawValue: String { identifier }

    /// The language tag.
    public var description: String { identifier }

    /// Equal when the identifiers are.
    public static func == (lhs: SignUpLanguage, rhs: SignUpLanguage) -> Bool {
        lhs.identifier == rhs.identifier
    }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
    }
}
