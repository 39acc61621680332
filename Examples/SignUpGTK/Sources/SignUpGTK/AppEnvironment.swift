import Foundation
import SignUp

/// What the app reads from its environment: the language and region of the POSIX locale, where
/// the cooldown is kept, and the test hook's dump file.
struct AppEnvironment {
    /// The application ID: GTK's, and the folder of the saved state.
    static let applicationID = "org.hourglass.SignUpGTK"

    /// The screens' language: the first of the locale's languages that the models speak.
    var language: SignUpLanguage
    /// Where a phone number typed without its + is read: the locale's territory (CN in
    /// zh_CN.UTF-8); nil when it names none.
    var region: PhoneRegion?
    /// `$XDG_STATE_HOME/<app-id>`, or `~/.local/state/<app-id>` (the XDG default).
    var stateDirectory: URL
    /// `SIGNUPGTK_DUMP`: where the test hook writes what the window shows; nil without it.
    var dumpFile: URL?

    init(_ variables: [String: String] = ProcessInfo.processInfo.environment) {
        let tags = Self.languageTags(variables)
        language = SignUpLanguage.preferred(from: tags)
        region = Self.messagesLocale(variables).flatMap(Self.territory).flatMap { PhoneRegion($0) }
        let home = variables["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        // The XDG Base Directory rule: a relative XDG_STATE_HOME is invalid and ignored.
        let stateHome =
            variables["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? home.appendingPathComponent(".local/state")
        stateDirectory = stateHome.appendingPathComponent(Self.applicationID)
        dumpFile = variables["SIGNUPGTK_DUMP"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
    }

    /// The locale that names the language of messages, as gettext finds it: LC_ALL, then
    /// LC_MESSAGES, then LANG; nil when none is set.
    static func messagesLocale(_ variables: [String: String]) -> String? {
        ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { variables[$0] }.first { !$0.isEmpty }
    }

    /// The languages in order of preference, as BCP 47-like tags (`zh-CN`): gettext's
    /// `LANGUAGE` list first (ignored, as gettext ignores it, under the C locale), then the
    /// messages locale.
    static func languageTags(_ variables: [String: String]) -> [String] {
        let locale = messagesLocale(variables)
        let isC = locale.map { ["C", "POSIX"].contains(posixName($0)) || posixName($0).hasPrefix("C.") } ?? true
        var tags: [String] = []
        if !isC, let list = variables["LANGUAGE"] {
            tags += list.split(separator: ":").map { tag(posixName(String($0))) }
        }
        if let locale, !isC { tags.append(tag(posixName(locale))) }
        return tags
    }

    /// `zh_CN.UTF-8@modifier` → `zh_CN`.
    private static func posixName(_ locale: String) -> String {
        String(locale.prefix { $0 != "." && $0 != "@" })
    }

    /// `zh_CN` → `zh-CN`.
    private static func tag(_ name: String) -> String {
        name.replacingOccurrences(of: "_", with: "-")
    }

    /// The territory of a POSIX locale name: `CN` in `zh_CN.UTF-8`.
    private static func territory(_ locale: String) -> String? {
        let parts = posixName(locale).split(separator: "_")
        return parts.count == 2 ? String(parts[1]) : nil
    }
}
