import LineMode
import LineModeSamples
import SignUp

/// An app's own linemode: the sign-up screens and a login screen, in English, Chinese and French.
@main
enum AcmeLineMode {
    static func main() {
        LineModeTool(
            name: "acme-linemode",
            version: "1.4.0",
            screens: ScriptScreen.builtIn + [LoginScreen.screen],
            languages: SignUpLanguage.allCases + [.french]
        ).main()
    }
}
