public import SignUp

extension SignUpLanguage {
    /// French (`fr`): a language of the app's own, for its line-mode runner and its tests.
    public static let french = SignUpLanguage(identifier: "fr", strings: .french)
}

extension SignUpStrings {
    /// Every sign-up text in French: the initializer has no defaults, so a text left out does
    /// not compile.
    public static let french = SignUpStrings(
        getCode: "Recevoir un code",
        sending: "Envoi…",
        resend: "Renvoyer",
        retry: "Réessayer",
        resendIn: { "Renvoyer dans \($0) s" },
        retryIn: { "Réessayer dans \($0) s" },
        sendLabel: "Envoyer le code",
        seconds: { $0 <= 1 ? "\($0) seconde" : "\($0) secondes" },
        minutes: { $0 <= 1 ? "\($0) minute" : "\($0) minutes" },
        waitClock: { seconds in "\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)" },
        destinationLabel: "Téléphone ou e-mail",
        destinationPlaceholder: "+33 6 12 34 56 78 ou nom@example.fr",
        codeLabel: "Code de vérification",
        codePlaceholder: "Code à 6 chiffres",
        passwordLabel: "Mot de passe",
        passwordPlaceholder: "8 caractères au moins",
        confirmationLabel: "Confirmer le mot de passe",
        confirmationPlaceholder: "Saisissez à nouveau le mot de passe",
        destinationProblem: { problem in
            switch problem {
            case .empty: "Saisissez un numéro de téléphone ou une adresse e-mail"
            case .invalidEmail: "Cette adresse e-mail n’est pas valide"
            case .invalidChinaMobile: "Un mobile de Chine continentale a 11 chiffres et commence par 1"
            case .missingCountryCode: "Ajoutez l’indicatif du pays, par exemple +33"
            case .invalidPhone: "Ce numéro de téléphone n’est pas valide"
            case .unknownCountryCode(let digits): "Aucun indicatif ne commence par +\(digits)"
            case .wrongLength(let code, let expected, let found):
                "Un numéro +\(code) a \(Self.frenchCount(expected)) chiffres après l’indicatif, pas \(found)"
            case .tooLong: "Un numéro de téléphone a 15 chiffres au plus"
            }
        },
        codeSent: { "Code envoyé au \($0)" },
        requestError: { error, wait in
            switch error {
            case .network: "Erreur réseau. Vérifiez votre connexion et réessayez"
            case .rateLimited: "Trop de demandes. Réessayez dans \(wait ?? "un instant")"
            case .invalidDestination: "Ce numéro ou cette adresse ne peut pas recevoir de code"
            case .sendLimitReached: "Trop de codes demandés. Réessayez dans \(wait ?? "un moment")"
            }
        },
        sendLimit: { "Trop de codes demandés. Réessayez dans \($0 ?? "un moment")" },
        verify: "Vérifier",
        verifying: "Vérification…",
        verified: "Vérifié",
        codeExpiresIn: { "Le code expire dans \($0)" },
        checkError: { error, wait in
            switch error {
            case .wrongCode(let left): "Code incorrect. \(left) \(left <= 1 ? "essai restant" : "essais restants")"
            case .expired: "Ce code a expiré. Demandez-en un nouveau"
            case .superseded: "Ce code a été remplacé par un plus récent. Saisissez le dernier code"
            case .locked: "Trop de codes incorrects. Réessayez dans \(wait ?? "un moment")"
            case .network: "Erreur réseau. Touchez Vérifier pour réessayer"
            }
        },
        codeReplaced: "Un nouveau code a été envoyé. L’ancien ne fonctionne plus",
        lockOver: "Vous pouvez réessayer",
        storeProblem: { problem in
            switch problem {
            case .notRestored: "Le compte à rebours enregistré n’a pas pu être restauré"
            case .notSaved: "Le compte à rebours n’a pas pu être enregistré ; il ne survivra pas à un redémarrage"
            }
        },
        canResendIn: { "Vous pourrez demander un nouveau code dans \($0)" },
        canResendNow: "Vous pouvez demander un nouveau code",
        passwordProblem: { problem in
            switch problem {
            case .tooShort(let minimum): "Utilisez au moins \(minimum) caractères"
            case .tooLong(let maximum): "Utilisez au plus \(maximum) caractères"
            case .common: "Ce mot de passe est trop courant. Choisissez-en un autre"
            case .predictable: "Évitez les caractères répétés ou qui se suivent"
            case .containsAccount: "N’utilisez pas le nom de votre compte dans le mot de passe"
            }
        },
        strength: { strength in
            switch strength {
            case .weak: "Robustesse : faible"
            case .fair: "Robustesse : moyenne"
            case .strong: "Robustesse : élevée"
            }
        },
        passwordsDiffer: "Les mots de passe ne correspondent pas",
        terms: "J’accepte les conditions d’utilisation",
        createAccount: "Créer le compte",
        creatingAccount: "Création du compte…",
        accountCreated: "Compte créé",
        registrationError: { error in
            switch error {
            case .network: "Erreur réseau. Réessayez"
            case .accountExists: "Ce compte existe déjà. Connectez-vous"
            case .server(let message): message
            }
        })

    /// "9", or "9 à 10": how many digits a number may have.
    private static func frenchCount(_ range: ClosedRange<Int>) -> String {
        range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound) à \(range.upperBound)"
    }
}
