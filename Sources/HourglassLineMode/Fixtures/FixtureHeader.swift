import Foundation
import PhoneNumbers
import SignUp

/// The first line of a fixture, which names the options it runs with:
/// `# linemode --screen registration --locale zh-Hans --region CN --state-dir temporary
/// --secrets fixtures.secrets`. linemode reads it too when a script starts with it, so that a
/// fixture runs as a script and prints itself.
struct FixtureHeader: Sendable, Equatable {
    /// `--screen NAME`: one of the runner's screens.
    var screen: ScriptScreen?
    /// `--locale TAG`: one of the runner's languages.
    var language: SignUpLanguage?
    /// `--region CODE`.
    var region: PhoneRegion?
    /// `--digits SYSTEM`: the numbering system counts are written in (`latn`).
    var numberingSystem: NumberingSystem?
    /// `--state-dir temporary`: the cooldown is kept in a fresh temporary directory for each run.
    var usesStateDirectory = false
    /// `--secrets FILE`: the secrets file, relative to the fixture's directory.
    var secretsFile: String?

    /// What a header starts with.
    static let prefix = "# linemode"

    /// Whether `line` is a header: `# linemode` alone, or followed by white space and an
    /// option (`--…`). A comment such as `# linemode demo: the happy path` is none.
    static func isHeader(_ line: Substring) -> Bool {
        guard line.hasPrefix(prefix) else { return false }
        let rest = line.dropFirst(prefix.count)
        guard let first = rest.first else { return true }
        return (first == " " || first == "\t") && Self.words(rest).first?.hasPrefix("--") == true
    }

    /// Reads a header line; `screens` and `languages` are those `--screen` and `--locale` may
    /// name. The options in `skipping` (given on the command line, which wins) are not checked.
    /// - Throws: ``ScriptError`` on line 1 when it is no header, or an option is unknown, wrong,
    ///   given twice or without its value.
    init(
        _ line: Substring, screens: [ScriptScreen], languages: [SignUpLanguage], skipping: Set<String> = []
    ) throws(ScriptError) {
        guard Self.isHeader(line) else {
            throw ScriptError(
                line: 1, "a fixture starts with its options, e.g. '# linemode --screen verification --locale en'")
        }
        let words = Self.words(line.dropFirst(Self.prefix.count))
        var seen: Set<String> = []
        var index = 0
        while index < words.count {
            let option = words[index]
            guard Self.options.contains(option) else {
                throw ScriptError(
                    line: 1,
                    "a fixture header takes --screen, --locale, --region, --digits, --state-dir and --secrets, not \(ScriptParser.quoted(option))"
                )
            }
            guard seen.insert(option).inserted else { throw ScriptError(line: 1, "'\(option)' is given twice") }
            guard index + 1 < words.count, !words[index + 1].hasPrefix("--") else {
                throw ScriptError(line: 1, "'\(option)' needs a value, e.g. \(Self.example(of: option))")
            }
            let value = words[index + 1]
            index += 2
            if skipping.contains(option) { continue }
            try read(option, value, screens: screens, languages: languages)
        }
    }

    /// The header's options.
    static let options = ["--screen", "--locale", "--region", "--digits", "--state-dir", "--secrets"]

    private static func example(of option: String) -> String {
        switch option {
        case "--screen": "--screen verification"
        case "--locale": "--locale en"
        case "--region": "--region US"
        case "--digits": "--digits latn"
        case "--state-dir": "--state-dir temporary"
        default: "--secrets fixtures.secrets"
        }
    }

    private mutating func read(
        _ option: String, _ value: String, screens: [ScriptScreen], languages: [SignUpLanguage]
    ) throws(ScriptError) {
        switch option {
        case "--screen":
            guard let screen = ScriptScreen.named(value, among: screens) else {
                throw ScriptError(
                    line: 1,
                    "unknown screen \(ScriptParser.quoted(value)); the screens are \(Self.list(screens.map(\.name)))")
            }
            self.screen = screen
        case "--locale":
            guard let language = SignUpLanguage.match(value, among: languages) else {
                throw ScriptError(
                    line: 1,
                    "unknown locale \(ScriptParser.quoted(value)); the languages are \(Self.list(languages.map(\.identifier)))"
                )
            }
            self.language = language
        case "--region":
            guard let region = PhoneRegion(value) else {
                throw ScriptError(
                    line: 1,
                    "unknown region \(ScriptParser.quoted(value)); give an ISO 3166-1 code such as US, GB or CN")
            }
            self.region = region
        case "--digits":
            guard let system = NumberingSystem(value) else {
                throw ScriptError(
                    line: 1, "unknown numbering system \(ScriptParser.quoted(value)); \(Self.digitsAdvice)")
            }
            numberingSystem = system
        case "--state-dir":
            guard value == "temporary" else {
                throw ScriptError(
                    line: 1, "a fixture's state directory is '--state-dir temporary', not \(ScriptParser.quoted(value))"
                )
            }
            usesStateDirectory = true
        default:
            secretsFile = value
        }
    }

    /// The words of the text after the prefix, split at spaces and tabs.
    private static func words(_ text: Substring) -> [String] {
        text.split { $0 == " " || $0 == "\t" }.map(String.init)
    }

    /// The first line of `data` (a byte-order mark and the CR of a CRLF aside), if it is UTF-8.
    static func firstLine(of data: Data) -> String? {
        var bytes = data.prefix { $0 != UInt8(ascii: "\n") }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        return String(data: Data(bytes), encoding: .utf8)
    }

    /// The options the header names, over `options`.
    func applied(to options: LineModeOptions) -> LineModeOptions {
        var options = options
        if let screen { options.screen = screen }
        if let language { options.language = language }
        if let region { options.region = region }
        if let numberingSystem { options.numberingSystem = numberingSystem }
        return options
    }

    /// What `--digits` takes.
    static let digitsAdvice = "give CLDR's name of a decimal system, such as latn (0-9), arab or arabext"

    /// "a, b or c".
    static func list(_ names: [String]) -> String {
        guard let last = names.last else { return "none" }
        let others = names.dropLast()
        return others.isEmpty ? last : others.joined(separator: ", ") + " or " + last
    }
}
