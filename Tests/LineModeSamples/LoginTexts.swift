/// The login screen's texts, in English and in French.
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

    /// French.
    static let french = LoginTexts(
        signIn: "Se connecter", tryAgainIn: { "Réessayer dans \($0) s" }, signedIn: { "Connecté en tant que \($0)" },
        wrongPassword: { "Mot de passe incorrect (\($0) sur \($1))" },
        canSignInAgain: "Vous pouvez vous reconnecter")
}
