import HourglassLineMode
import LineModeSamples
import SignUp

/// An app's own linemode: the sign-up screens and a login screen, in the built-in languages and Polish.
@main
enum AcmeLineMode {
    static func main() {
        LineModeTool(
            name: "acme-linemode",
            version: "1.4.0",
            screens: ScriptScreen.builtIn + [LoginScreen.screen],
            languages: SignUpLanguage.allCases + [.polish]
        ).main()
    }
}
