/// A language the sign-up screens speak: an identifier (a BCP 47 language tag such as `en`
/// or `zh-Hans`) and its ``SignUpStrings``.
///
/// Built in: ``english`` and ``simplifiedChinese``. An app adds a language, or changes texts
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
    /// Simplified Chinese (`zh-Hans`).
    public static let simplifiedChinese = SignUpLanguage(identifier: "zh-Hans", strings: .simplifiedChinese)

    /// The built-in languages.
    public static let allCases: [SignUpLanguage] = [.english, .simplifiedChinese]

    /// The built-in language tagged `rawValue` (`en`, `zh-Hans`), if any.
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
