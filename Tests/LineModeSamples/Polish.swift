import PhoneNumbers
public import SignUp

extension SignUpLanguage {
    /// French (`fr`): a language of the app's own, for its line-mode runner and its tests.
    public static let french = SignUpLanguage(identifier: "fr", strings: .french)
}

extension SignUpStrings {
    /// Every sign-up text in French, translated from the English table; a test checks that
    /// none is left out (``SignUpStrings/untranslated``).
    public static let french = SignUpStrings(translating: .english) { strings in
        strings.getCode = "Recevoir un code"
        strings.sending = "Envoi…"
        strings.resend = "Renvoyer"
        strings.retry = "Réessayer"
        strings.resendIn = { "Renvoyer dans \($0) s" }
        strings.retryIn = { "Réessayer dans \($0) s" }
        strings.sendLabel = "Envoyer le code"
        strings.seconds = { $0 <= 1 ? "\($0) seconde" : "\($0) secondes" }
        strings.minutes = { $0 <= 1 ? "\($0) minute" : "\($0) minutes" }
        strings.waitClock = { seconds in "\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)" }
        strings.destinationLabel = "Téléphone ou e-mail"
        strings.destinationPlaceholder = "+33 6 12 34 56 78 ou nom@example.fr"
        strings.codeLabel = "Code de vérification"
        strings.codePlaceholder = "Code à 6 chiffres"
        strings.passwordLabel = "Mot de passe"
        strings.passwordPlaceholder = "8 caractères au moins"
        strings.confirmationLabel = "Confirmer le mot de passe"
        strings.confirmationPlaceholder = "Saisissez à nouveau le mot de passe"
        strings.destinationProblem = { problem in
            switch problem {
            case .empty: "Saisissez un numéro de téléphone ou une adresse e-mail"
            case .invalidEmail: "Cette adresse e-mail n’est pas valide"
            case .invalidChinaMobile: "Un mobile de Chine continentale a 11 chiffres et commence par 1"
            case .phone(.missingCountryCode(let example)):
                example.map { "Ajoutez l’indicatif du pays, par exemple +\($0.callingCode)" }
                    ?? "Ajoutez l’indicatif du pays, précédé de +"
            case .phone(.invalid): "Ce numéro de téléphone n’est pas valide"
            case .phone(.unknownCountryCode(let digits)): "Aucun indicatif ne commence par +\(digits)"
            case .phone(.wrongLength(let code, let expected, let found)):
                "Un numéro +\(code) a \(SignUpStrings.counts(expected, through: " à ", lastSeparator: " ou ")) chiffres après l’indicatif, pas \(found)"
            case .phone(.tooLong): "Un numéro de téléphone a 15 chiffres au plus"
            }
        }
        strings.codeSent = { "Code envoyé au \($0)" }
        strings.requestError = { error, wait in
            switch error {
            case .network: "Erreur réseau. Vérifiez votre connexion et réessayez"
            case .rateLimited: "Trop de demandes. Réessayez dans \(wait ?? "un instant")"
            case .invalidDestination: "Ce numéro ou cette adresse ne peut pas recevoir de code"
            case .sendLimitReached: "Trop de codes demandés. Réessayez dans \(wait ?? "un moment")"
            case .serviceUnavailable: "Le service est indisponible pour le moment. Réessayez dans un instant"
            @unknown default: "Le code n’a pas pu être envoyé"
            }
        }
        strings.sendLimit = { "Trop de codes demandés. Réessayez dans \($0 ?? "un moment")" }
        strings.verify = "Vérifier"
        strings.verifying = "Vérification…"
        strings.verified = "Vérifié"
        strings.codeExpiresIn = { "Le code expire dans \($0)" }
        strings.checkError = { error, wait in
            switch error {
            case .wrongCode(let left): "Code incorrect. \(left) \(left <= 1 ? "essai restant" : "essais restants")"
            case .expired:
                wait.map { "Ce code a expiré. Nouveau code possible dans \($0)" }
                    ?? "Ce code a expiré. Demandez-en un nouveau"
            case .superseded: "Ce code a été remplacé par un plus récent. Saisissez le dernier code"
            case .locked: "Trop de codes incorrects. Réessayez dans \(wait ?? "un moment")"
            case .rateLimited: "Trop de tentatives. Vérifiez à nouveau dans \(wait ?? "un moment")"
            case .network: "Erreur réseau. Touchez Vérifier pour réessayer"
            case .serviceUnavailable: "Le service est indisponible pour le moment. Touchez Vérifier pour réessayer"
            @unknown default: "Le code n’a pas été accepté"
            }
        }
        strings.codeReplaced = "Un nouveau code a été envoyé. L’ancien ne fonctionne plus"
        strings.lockOver = "Vous pouvez réessayer"
        strings.enterCodeIfReceived = "Si un code est arrivé, saisissez-le"
        strings.codeSentElsewhere = { "Le code a été envoyé au \($0). Demandez un code pour celui-ci" }
        strings.storeProblem = { problem in
            switch problem {
            case .notRestored: "Le compte à rebours enregistré n’a pas pu être restauré"
            case .notSaved: "Le compte à rebours n’a pas pu être enregistré ; il ne survivra pas à un redémarrage"
            }
        }
        strings.canResendIn = { "Vous pourrez demander un nouveau code dans \($0)" }
        strings.canResendNow = "Vous pouvez demander un nouveau code"
        strings.passwordProblem = { problem in
            switch problem {
            case .tooShort(let minimum): "Utilisez au moins \(minimum) caractères"
            case .tooLong(let maximum): "Utilisez au plus \(maximum) caractères"
            case .common: "Ce mot de passe est trop courant. Choisissez-en un autre"
            case .predictable: "Évitez les caractères répétés ou qui se suivent"
            case .containsAccount: "N’utilisez pas le nom de votre compte dans le mot de passe"
            }
        }
        strings.strength = { strength in
            switch strength {
            case .weak: "Robustesse : faible"
            case .fair: "Robustesse : moyenne"
            case .strong: "Robustesse : élevée"
            }
        }
        strings.passwordsDiffer = "Les mots de passe ne correspondent pas"
        strings.terms = "J’accepte les conditions d’utilisation"
        strings.createAccount = "Créer le compte"
        strings.creatingAccount = "Création du compte…"
        strings.accountCreated = "Compte créé"
        strings.registrationError = { error in
            switch error {
            case .network: "Erreur réseau. Réessayez"
            case .accountExists: "Ce compte existe déjà. Connectez-vous"
            case .serviceUnavailable: "Le service est indisponible pour le moment. Réessayez plus tard"
            case .weakPassword: "Le serveur refuse ce mot de passe. Choisissez-en un autre"
            case .proofRejected: "La vérification a expiré. Demandez un nouveau code"
            @unknown default: "Le compte n’a pas pu être créé"
            }
        }
    }

    /// "9", or "9 à 10": how many digits a number may have.
}
