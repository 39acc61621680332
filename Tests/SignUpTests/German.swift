import PhoneNumbers
import SignUp
import TestSupport

/// An app's own German table, every text of the English table replaced: passed among the
/// languages, it is used in place of the built-in German one.
enum German {
    static let language = SignUpLanguage(identifier: "de", strings: strings)

    static let strings = SignUpStrings(translating: .english) { text in
        text.getCode = "Code anfordern"
        text.sending = "Wird gesendet…"
        text.resend = "Erneut senden"
        text.retry = "Wiederholen"
        text.resendIn = { "Erneut senden in \($0) s" }
        text.retryIn = { "Wiederholen in \($0) s" }
        text.sendLabel = "Code senden"
        text.seconds = { $0 == 1 ? "1 Sekunde" : "\($0) Sekunden" }
        text.secondsLeft = text.seconds
        text.minutes = { $0 == 1 ? "1 Minute" : "\($0) Minuten" }
        text.waitClock = { "\($0 / 60):\($0 % 60 < 10 ? "0" : "")\($0 % 60) min" }
        text.destinationLabel = "Telefon oder E-Mail"
        text.destinationPlaceholder = "+49 30 1234567 oder name@example.com"
        text.codeLabel = "Bestätigungscode"
        text.codePlaceholder = { "\($0)-stelliger Code" }
        text.passwordLabel = "Passwort"
        text.passwordPlaceholder = { "Mindestens \($0) Zeichen" }
        text.confirmationLabel = "Passwort bestätigen"
        text.confirmationPlaceholder = "Passwort wiederholen"
        text.destinationProblem = { problem in
            switch problem {
            case .empty: "Telefonnummer oder E-Mail-Adresse eingeben"
            case .invalidEmail: "Diese E-Mail-Adresse ist ungültig"
            case .invalidChinaMobile: "Eine chinesische Mobilnummer hat 11 Ziffern und beginnt mit 1"
            case .numberTypeNotAccepted: "Bitte eine Mobilnummer eingeben"
            case .phone(.missingCountryCode(let example)):
                example.map { "Ländervorwahl ergänzen, z. B. +\($0.callingCode)" } ?? "Ländervorwahl mit + ergänzen"
            case .phone(.invalid): "Diese Telefonnummer ist ungültig"
            case .phone(.unknownCountryCode(let digits)): "Keine Ländervorwahl beginnt mit +\(digits)"
            case .phone(.wrongLength(let code, let expected, let found)):
                "Eine Nummer mit +\(code) hat \(SignUpStrings.counts(expected, through: "–", lastSeparator: " oder ")) Ziffern nach der Vorwahl, nicht \(found)"
            case .phone(.tooLong): "Eine Telefonnummer hat höchstens 15 Ziffern"
            }
        }
        text.codeSent = { "Code gesendet an \($0)" }
        text.codeCalled = { "Wir rufen \($0) an und sagen den Code" }
        text.landlineNotice = "Eine Festnetznummer: Der Code kommt per Anruf"
        text.callMe = "Anrufen lassen"
        text.requestError = { error, wait in
            switch error {
            case .network: "Netzwerkfehler. Verbindung prüfen und wiederholen"
            case .rateLimited: "Zu viele Anfragen. Wiederholen in \(wait ?? "einem Moment")"
            case .invalidDestination: "Diese Nummer oder Adresse kann keine Codes empfangen"
            case .sendLimitReached: "Zu viele Codes angefordert. Erneut in \(wait ?? "einer Weile")"
            case .serviceUnavailable: "Der Dienst ist gerade nicht erreichbar. Gleich erneut versuchen"
            case .channelRefused: "Auf diesem Weg kann kein Code an diese Nummer gehen"
            @unknown default: "Der Code konnte nicht gesendet werden"
            }
        }
        text.sendLimit = { "Zu viele Codes angefordert. Erneut in \($0 ?? "einer Weile")" }
        text.verify = "Bestätigen"
        text.verifying = "Wird geprüft…"
        text.verified = "Bestätigt"
        text.codeExpiresIn = { "Code läuft ab in \($0)" }
        text.checkError = { error, wait in
            switch error {
            case .wrongCode(let left): "Falscher Code. Noch \(left) \(left == 1 ? "Versuch" : "Versuche")"
            case .expired:
                wait.map { "Dieser Code ist abgelaufen. Neuer Code in \($0)" }
                    ?? "Dieser Code ist abgelaufen. Neuen anfordern"
            case .superseded: "Dieser Code wurde ersetzt. Den neuesten eingeben"
            case .locked: "Zu viele falsche Codes. Erneut in \(wait ?? "einer Weile")"
            case .rateLimited: "Zu viele Versuche. Erneut prüfen in \(wait ?? "einem Moment")"
            case .network: "Netzwerkfehler. Zum Wiederholen auf Bestätigen tippen"
            case .serviceUnavailable: "Der Dienst ist gerade nicht erreichbar. Auf Bestätigen tippen"
            @unknown default: "Der Code wurde nicht angenommen"
            }
        }
        text.codeReplaced = "Ein neuer Code wurde gesendet. Der vorige gilt nicht mehr"
        text.lockOver = "Jetzt erneut versuchen"
        text.enterCodeIfReceived = "Falls ein Code angekommen ist, gib ihn ein"
        text.codeSentElsewhere = { "Der Code ging an \($0). Fordere für diese Angabe einen Code an" }
        text.storeProblem = { problem in
            switch problem {
            case .notRestored: "Die gespeicherte Wartezeit konnte nicht wiederhergestellt werden"
            case .notSaved: "Die Wartezeit konnte nicht gespeichert werden"
            }
        }
        text.canResendIn = { "Neuer Code möglich in \($0)" }
        text.canResendNow = "Jetzt ist ein neuer Code möglich"
        text.passwordProblem = { problem in
            switch problem {
            case .tooShort(let minimum): "Mindestens \(minimum) Zeichen verwenden"
            case .tooLong(let maximum): "Höchstens \(maximum) Zeichen verwenden"
            case .common: "Dieses Passwort ist zu verbreitet"
            case .predictable: "Keine wiederholten oder fortlaufenden Zeichen"
            case .containsAccount: "Das Konto darf nicht im Passwort vorkommen"
            }
        }
        text.strength = { strength in
            switch strength {
            case .weak: "Stärke: schwach"
            case .fair: "Stärke: mittel"
            case .strong: "Stärke: stark"
            }
        }
        text.passwordsDiffer = "Die Passwörter stimmen nicht überein"
        text.terms = "Ich stimme den Nutzungsbedingungen zu"
        text.createAccount = "Konto erstellen"
        text.creatingAccount = "Konto wird erstellt…"
        text.accountCreated = "Konto erstellt"
        text.registrationError = { error in
            switch error {
            case .network: "Netzwerkfehler. Erneut versuchen"
            case .accountExists: "Dieses Konto gibt es schon. Bitte anmelden"
            case .serviceUnavailable: "Der Dienst ist gerade nicht erreichbar. Später erneut versuchen"
            case .weakPassword: "Der Server lehnt dieses Passwort ab. Bitte ein anderes wählen"
            case .proofRejected: "Die Bestätigung ist abgelaufen. Bitte einen neuen Code anfordern"
            @unknown default: "Das Konto konnte nicht erstellt werden"
            }
        }
    }
}
