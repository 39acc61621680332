/// The login screen's texts, in English and in French.
struct LoginTexts: Sendable {
    let signIn: String
    let tryAgainIn: @Sendable (Int64) -> String
    let signedIn: @Sendable (String) -> String
    let wrongPassword: @Sendable (_ failures: Int, _ attempts: Int) -> String
    let canSignInAgain: String

    static let english = LoginTexts(
        signIn: "Sign in", tryAgainIn: { "Try again in \($0)s" }, signedIn: { "Signed in as \($0)" },
        wrongPassword: { "Wrong password (\($0) of \($1))" }, canSignInAgain: "You can sign in again")

    static let french = LoginTexts(
        signIn: "Se connecter", tryAgainIn: { "Réessayer dans \($0) s" }, signedIn: { "Connecté en tant que \($0)" },
        wrongPassword: { "Mot de passe incorrect (\($0) sur \($1))" },
        canSignInAgain: "Vous pouvez vous reconnecter")
}
