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
    /// `--state-dir temporary`: the cooldown is kept in a fresh temporary directory for each run.
    var usesStateDirectory = false
    /// `--secrets FILE`: the secrets file, relative to the fixture's directory.
    var secretsFile: String?

    /// What a header starts with.
    static let prefix = "# linemode"

    /// Whether `line` is a header: `# linemode`, alone or followed by a space and options.
    static func isHeader(_ line: Substring) -> Bool {
        line == prefix || line.hasPrefix(prefix + " ")
    }

    /// Reads a header line; `screens` and `languages` are those `--screen` and `--locale` may name.
    /// - Throws: ``ScriptError`` on line 1 when it is no header, or an option is unknown or wrong.
    init(_ line: Substring, screens: [ScriptScreen], languages: [SignUpLanguage]) throws(ScriptError) {
        guard Self.isHeader(line) else {
            throw ScriptError(
                line: 1, "a fixture starts with its options, e.g. '# linemode --screen verification --locale en'")
        }
        let words = line.dropFirst(Self.prefix.count).split(separator: " ").map(String.init)
        var index = 0
        while index < words.count {
            let value = index + 1 < words.count ? words[index + 1] : ""
            switch words[index] {
            case "--screen":
                guard let screen = ScriptScreen.named(value, among: screens) else {
                    throw ScriptError(
                        line: 1, "unknown screen '\(value)'; this linemode has \(Self.list(screens.map(\.name)))")
                }
                self.screen = screen
            case "--locale":
                guard let language = languages.first(where: { $0.identifier == value }) else {
                    throw ScriptError(
                        line: 1,
                        "unknown locale '\(value)'; this linemode has \(Self.list(languages.map(\.identifier)))")
                }
                self.language = language
            case "--region":
                guard let region = PhoneRegion(value) else {
                    throw ScriptError(
                        line: 1, "unknown region '\(value)'; give an ISO 3166-1 code such as US, GB or CN")
                }
                self.region = region
            case "--state-dir":
                guard value == "temporary" else {
                    throw ScriptError(line: 1, "a fixture's state directory is '--state-dir temporary', not '\(value)'")
                }
                usesStateDirectory = true
            case "--secrets":
                guard !value.isEmpty, !value.hasPrefix("--") else {
                    throw ScriptError(line: 1, "'--secrets' names a secrets file, e.g. --secrets fixtures.secrets")
                }
                secretsFile = value
            default:
                throw ScriptError(
                    line: 1,
                    "a fixture header takes --screen, --locale, --region, --state-dir and --secrets, not '\(words[index])'"
                )
            }
            index += 2
        }
    }

    /// The options the header names, over `options`.
    func applied(to options: LineModeOptions) -> LineModeOptions {
        var options = options
        if let screen { options.screen = screen }
        if let language { options.language = language }
        if let region { options.region = region }
        return options
    }

    /// "a, b or c".
    static func list(_ names: [String]) -> String {
        guard let last = names.last else { return "none" }
        let others = names.dropLast()
        return others.isEmpty ? last : others.joined(separator: ", ") + " or " + last
    }
}
