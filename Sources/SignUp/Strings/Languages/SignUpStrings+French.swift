import PhoneNumbers
import SignUpDomain

extension SignUpStrings {
    /// French (`fr`). Vous, "Saisissez", "indicatif"; no-break spaces before : and ; and after a count.
    public static let french = SignUpStrings(translating: .english) { strings in
        strings.getCode = "Recevoir un code"
        strings.sending = "Envoi…"
        strings.resend = "Renvoyer"
        strings.retry = "Réessayer"
        strings.callMe = "M'appeler"
        // `s` is a symbol: it has no plural. U+00A0 keeps a count with its unit on one line.
        strings.resendIn = { "Renvoyer dans \($0)\u{00A0}s" }
        strings.retryIn = { "Réessayer dans \($0)\u{00A0}s" }
        strings.sendLabel = "Envoyer le code"
        // CLDR's one is 0 and 1 in French: "0 seconde", "1 seconde", "2 secondes".
        strings.seconds = { seconds in
            frenchPlural.select(
                seconds, one: "\(seconds)\u{00A0}seconde", many: "\(seconds)\u{00A0}de secondes",
                other: "\(seconds)\u{00A0}secondes")
        }
        strings.secondsLeft = strings.seconds
        strings.minutes = { minutes in
            frenchPlural.select(
                minutes, one: "\(minutes)\u{00A0}minute", many: "\(minutes)\u{00A0}de minutes",
                other: "\(minutes)\u{00A0}minutes")
        }
        strings.waitClock = { seconds in "\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)" }
        strings.destinationLabel = "Téléphone ou e-mail"
        strings.destinationPlaceholder = "+33 6 12 34 56 78 ou nom@exemple.fr"
        strings.codeLabel = "Code de vérification"
        strings.codePlaceholder = { digits in
            frenchPlural.select(
                digits, one: "Code à \(digits)\u{00A0}chiffre", many: "Code à \(digits)\u{00A0}de chiffres",
                other: "Code à \(digits)\u{00A0}chiffres")
        }
        strings.passwordLabel = "Mot de passe"
        strings.passwordPlaceholder = { minimum in
            frenchPlural.select(
                minimum, one: "Au moins \(minimum)\u{00A0}caractère", many: "Au moins \(minimum)\u{00A0}de caractères",
                other: "Au moins \(minimum)\u{00A0}caractères")
        }
        strings.confirmationLabel = "Confirmer le mot de passe"
        strings.confirmationPlaceholder = "Saisissez à nouveau le mot de passe"
        strings.destinationProblem = { problem in
            switch problem {
            case .empty: "Saisissez un numéro de téléphone ou une adresse e-mail"
            case .invalidEmail: "Cette adresse e-mail n’est pas valide"
            case .numberTypeNotAccepted(let accepted):
                accepted.isDisjoint(with: [.mobile, .fixedLineOrMobile])
                    ? "Impossible d’envoyer des codes à ce type de numéro" : "Saisissez un numéro de mobile"
            case .invalidChinaMobile:
                "Un numéro mobile de Chine continentale comporte 11\u{00A0}chiffres et commence par 1"
            case .phone(.missingCountryCode(let example)):
                example.map { "Ajoutez l’indicatif du pays, par exemple +\($0.callingCode)" }
                    ?? "Ajoutez l’indicatif du pays, qui commence par +"
            case .phone(.invalid): "Ce numéro de téléphone n’est pas valide"
            case .phone(.unknownCountryCode(let digits)): "Aucun indicatif de pays ne commence par +\(digits)"
            case .phone(.wrongLength(let code, let expected, let found)):
                "Après l’indicatif +\(code), le numéro doit comporter "
                    + SignUpStrings.counts(expected, through: " à ", lastSeparator: " ou ")
                    + frenchPlural.select(
                        expected.last ?? found, one: "\u{00A0}chiffre", many: "\u{00A0}de chiffres",
                        other: "\u{00A0}chiffres")
                    + ", et non \(found)"
            case .phone(.tooLong): "Un numéro de téléphone comporte au maximum 15\u{00A0}chiffres"
            }
        }
        strings.landlineNotice = "Ceci est un numéro fixe : vous recevrez le code par appel téléphonique"
        strings.codeSent = { "Code envoyé à \($0)" }
        strings.codeCalled = { "Appel en cours vers le \($0) pour vous communiquer le code" }
        strings.requestError = { error, wait in
            switch error {
            case .network: "Erreur réseau. Vérifiez votre connexion et réessayez"
            case .serviceUnavailable: "Le service est indisponible pour le moment. Réessayez dans un instant"
            case .rateLimited: "Trop de demandes. Réessayez dans \(wait ?? "un instant")"
            case .invalidDestination: "Ce numéro ou cette adresse ne peut pas recevoir de code"
            case .channelRefused(.voice): "Impossible d'envoyer un code à ce numéro par appel"
            case .channelRefused(.sms): "Impossible d'envoyer un code à ce numéro par SMS"
            case .channelRefused: "Impossible d'envoyer un code à cette adresse e-mail"
            case .sendLimitReached:
                wait.map { "Trop de codes demandés. Réessayez dans \($0)" }
                    ?? "Trop de codes demandés. Réessayez plus tard"
            }
        }
        strings.sendLimit = { wait in
            wait.map { "Trop de codes demandés. Réessayez dans \($0)" }
                ?? "Trop de codes demandés. Réessayez plus tard"
        }
        strings.verify = "Vérifier"
        strings.verifying = "Vérification…"
        strings.verified = "Vérifié"
        strings.codeExpiresIn = { "Le code expire dans \($0)" }
        strings.checkError = { error, wait in
            switch error {
            case .wrongCode(let left):
                "Code incorrect. "
                    + frenchPlural.select(
                        left, one: "Il vous reste \(left)\u{00A0}tentative",
                        many: "Il vous reste \(left)\u{00A0}de tentatives",
                        other: "Il vous reste \(left)\u{00A0}tentatives")
            case .expired:
                wait.map { "Ce code a expiré. Vous pourrez en demander un nouveau dans \($0)" }
                    ?? "Ce code a expiré. Demandez-en un nouveau"
            case .superseded: "Ce code a été remplacé par un plus récent. Saisissez le dernier code reçu"
            case .locked:
                wait.map { "Trop de codes incorrects. Réessayez dans \($0)" }
                    ?? "Trop de codes incorrects. Réessayez plus tard"
            case .rateLimited: "Trop de tentatives. Appuyez de nouveau sur Vérifier dans \(wait ?? "un instant")"
            case .network: "Erreur réseau. Appuyez sur Vérifier pour réessayer"
            case .serviceUnavailable: "Le service est indisponible pour le moment. Appuyez sur Vérifier pour réessayer"
            }
        }
        strings.codeReplaced = "Un nouveau code a été envoyé. Le précédent n’est plus valide"
        strings.lockOver = "Vous pouvez réessayer maintenant"
        strings.enterCodeIfReceived = "Si vous avez reçu un code, saisissez-le"
        strings.codeSentElsewhere = {
            "Le code a été envoyé à \($0). Demandez un code pour le nouveau numéro ou la nouvelle adresse"
        }
        strings.storeProblem = { problem in
            switch problem {
            case .notRestored: "Impossible de restaurer le compte à rebours enregistré"
            case .notSaved: "Impossible d’enregistrer le compte à rebours\u{202F}; il sera perdu au redémarrage"
            }
        }
        strings.canResendIn = { "Vous pourrez demander un nouveau code dans \($0)" }
        strings.canResendNow = "Vous pouvez maintenant demander un nouveau code"
        strings.passwordProblem = frenchPasswordProblem
        strings.strength = { strength in
            switch strength {
            case .weak: "Sécurité\u{00A0}: faible"
            case .fair: "Sécurité\u{00A0}: moyenne"
            case .strong: "Sécurité\u{00A0}: élevée"
            }
        }
        strings.passwordsDiffer = "Les mots de passe ne correspondent pas"
        strings.terms = "J’accepte les conditions d’utilisation"
        strings.createAccount = "Créer un compte"
        strings.creatingAccount = "Création du compte…"
        strings.accountCreated = "Compte créé"
        strings.registrationError = { error in
            switch error {
            case .network: "Erreur réseau. Réessayez"
            case .serviceUnavailable: "Le service est indisponible pour le moment. Réessayez plus tard"
            case .accountExists: "Ce compte existe déjà. Connectez-vous"
            case .weakPassword(let problems):
                problems.first.map { "Le serveur a refusé ce mot de passe. \(frenchPasswordProblem($0))" }
                    ?? "Le serveur a refusé ce mot de passe. Choisissez-en un autre"
            case .proofRejected: "Votre vérification a expiré. Demandez un nouveau code"
            }
        }
    }

    /// The plural rule of French for integers: one (0 and 1), many (a multiple of a million), other.
    private static let frenchPlural = PluralRule(for: "fr")

    /// Why a password is refused, in French: the form's own check and the server's reasons alike.
    private static func frenchPasswordProblem(_ problem: PasswordProblem) -> String {
        switch problem {
        case .tooShort(let minimum):
            frenchPlural.select(
                minimum, one: "Utilisez au moins \(minimum)\u{00A0}caractère",
                many: "Utilisez au moins \(minimum)\u{00A0}de caractères",
                other: "Utilisez au moins \(minimum)\u{00A0}caractères")
        case .tooLong(let maximum):
            frenchPlural.select(
                maximum, one: "Utilisez au maximum \(maximum)\u{00A0}caractère",
                many: "Utilisez au maximum \(maximum)\u{00A0}de caractères",
                other: "Utilisez au maximum \(maximum)\u{00A0}caractères")
        case .common: "Ce mot de passe est trop courant. Choisissez-en un autre"
        case .predictable: "Évitez les caractères répétés ou consécutifs"
        case .containsAccount: "N’utilisez pas le nom de votre compte dans le mot de passe"
        }
    }
}
