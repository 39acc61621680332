/// The login screen's texts, in English and in Polish (the app's own language).
struct LoginTexts: Sendable {
    /// The button: "Sign in".
    let signIn: String
    /// The button while locked: "Try again in 4s".
    let tryAgainIn: @Sendable (Int64) -> String
    /// The message once signed in.
    let signedIn: @Sendable (String) -> String
    /// The message after a wrong password.
    let wrongPassword: @Sendable (_ failures: Int, _ attempts: Int) -> String
    /// Announced when the lock is over.
    let canSignInAgain: String

    /// English.
    static let english = LoginTexts(
        signIn: "Sign in", tryAgainIn: { "Try again in \($0)s" }, signedIn: { "Signed in as \($0)" },
        wrongPassword: { "Wrong password (\($0) of \($1))" }, canSignInAgain: "You can sign in again")

    /// Polish.
    static let polish = LoginTexts(
        signIn: "Zaloguj się", tryAgainIn: { "Spróbuj ponownie za \($0) s" }, signedIn: { "Zalogowano jako \($0)" },
        wrongPassword: { "Błędne hasło (\($0) z \($1))" },
        canSignInAgain: "Możesz zalogować się ponownie")
}
