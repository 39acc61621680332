import Foundation
import PhoneNumbers
import SignUp

/// What the app reads from its environment: the language and region of the POSIX locale (as
/// PhoneNumbers' `SystemLocale` reads them), where the cooldown is kept, and the test hook's dump file.
struct AppEnvironment {
    /// The application ID: GTK's, and the folder of the saved state.
    static let applicationID = "org.hourglass.SignUpGTK"

    /// The screens' language: the first of the locale's languages that the models speak.
    var language: SignUpLanguage
    /// Where a phone number typed without its + is read: the territory of the locale of
    /// telephone formats (CN in zh_CN.UTF-8); nil when it names none.
    var region: PhoneRegion?
    /// `$XDG_STATE_HOME/<app-id>`, or `~/.local/state/<app-id>` (the XDG default).
    var stateDirectory: URL
    /// `SIGNUPGTK_DUMP`: where the test hook writes what the window shows; nil without it.
    var dumpFile: URL?
    /// `--service URL`: a server of the verification API (`hourglass-server`); nil: the demo
    /// server in the app.
    var service: URL?
    /// Why the command line was refused, if it was.
    var usageError: String?

    init(
        _ variables: [String: String] = ProcessInfo.processInfo.environment,
        arguments: [String] = Array(CommandLine.arguments.dropFirst())
    ) {
        let locale = SystemLocale(environment: variables)
        language = SignUpLanguage.preferred(from: locale.languages)
        region = locale.region.flatMap { PhoneRegion($0) }
        let home = variables["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        // The XDG Base Directory rule: a relative XDG_STATE_HOME is invalid and ignored.
        let stateHome =
            variables["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? home.appendingPathComponent(".local/state")
        stateDirectory = stateHome.appendingPathComponent(Self.applicationID)
        dumpFile = variables["SIGNUPGTK_DUMP"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        switch arguments.count {
        case 0: break
        case 2 where arguments[0] == "--service":
            if let url = URL(string: arguments[1]), ["http", "https"].contains(url.scheme ?? ""), url.host != nil {
                service = url
            } else {
                usageError = "--service must be an http:// or https:// URL, not '\(arguments[1])'"
            }
        default:
            usageError = "usage: SignUpGTK [--service URL]"
        }
    }
}
