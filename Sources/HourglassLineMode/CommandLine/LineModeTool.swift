public import SignUp

/// A `linemode` of the app's own: the command line of the built-in one — the same options,
/// script language, exit codes and fixture runner — over the app's screens and languages.
///
/// An app makes one in a small executable target of its own:
///
/// ```swift
/// @main
/// enum AcmeLineMode {
///     static func main() {
///         LineModeTool(name: "acme-linemode", version: "1.4.0",
///                      screens: [.verification, LoginScreen.screen], languages: [.english, .polish]).main()
///     }
/// }
/// ```
///
/// `--screen` and `--locale` then take the screens and languages given (the first of each is
/// the default), the help lists them, and so does a fixture's first line. The built-in
/// `linemode` is `LineModeTool().main()`. See <doc:AnAppsOwnLineMode>.
public struct LineModeTool: Sendable {
    /// The command's name, in its help and messages.
    public var name: String
    /// What `--version` prints: the app's version; nil for Hourglass's.
    public var version: String?
    /// The screens `--screen` and a fixture's header may name; the first is the default.
    public var screens: [ScriptScreen]
    /// The languages `--locale` and a fixture's header may name; the first is the default.
    public var languages: [SignUpLanguage]

    /// A runner named `name`, of `version` (nil: Hourglass's), over `screens` and `languages`
    /// (by default the built-in ones).
    public init(
        name: String = "linemode", version: String? = nil, screens: [ScriptScreen] = ScriptScreen.builtIn,
        languages: [SignUpLanguage] = SignUpLanguage.allCases
    ) {
        (self.name, self.version, self.screens, self.languages) = (name, version, screens, languages)
    }

    /// Parses the command line (`arguments`: the process's, without the program's name), runs
    /// the script or the live session it asks for, and exits with one of ``LineModeExit``'s
    /// codes, as `linemode --help` lists them.
    ///
    /// A runner given no screen or no language, two of the same name, or one whose name could
    /// not be written as an option's value (empty, starting with `-`, or with white space),
    /// exits with ``LineModeExit/usage`` and says so: it is a mistake in the runner, not in a
    /// script.
    public func main(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        if let problem {
            LineModeMain.exit(printing: "\(name): \(problem)", code: LineModeExit.usage)
        }
        StandardStreams.shared.programName = name
        LineModeCommand.$tool.withValue(self) {
            LineModeCommand.main(arguments)
        }
    }

    /// What is wrong with the runner's screens or languages, if anything.
    var problem: String? {
        if screens.isEmpty { return "the runner has no screen; give LineModeTool at least one" }
        if languages.isEmpty { return "the runner has no language; give LineModeTool at least one" }
        if let twice = Self.repeated(screens.map(\.name)) { return "the runner has two screens named '\(twice)'" }
        if let twice = Self.repeated(languages.map(\.identifier)) {
            return "the runner has two languages tagged '\(twice)'"
        }
        let unwritable = (screens.map(\.name) + languages.map(\.identifier)).first {
            $0.isEmpty || $0.hasPrefix("-") || $0.contains(where: \.isWhitespace)
        }
        if let unwritable {
            return
                "the runner's screen or language \(ScriptParser.quoted(unwritable)) cannot be named on a command line "
                + "or a fixture's first line (empty, starting with -, or with white space)"
        }
        return nil
    }

    private static func repeated(_ names: [String]) -> String? {
        var seen: Set<String> = []
        return names.first { !seen.insert($0).inserted }
    }
}
