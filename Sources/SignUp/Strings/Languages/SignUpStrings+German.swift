import PhoneNumbers
import SignUpDomain

extension SignUpStrings {
    /// German (`de`). Sie; "Bestätigungscode" and "Bestätigen" for verification, "Ländervorwahl".
    public static let german = SignUpStrings(translating: .english) { strings in
        strings.getCode = "Code anfordern"
        strings.sending = "Wird gesendet…"
        strings.resend = "Erneut senden"
        strings.retry = "Erneut versuchen"
        strings.callMe = "Mich anrufen"
        // `s` is a symbol: it has no plural. U+00A0 keeps a count with its unit on one line.
        strings.resendIn = { "In \($0)\u{00A0}s erneut senden" }
        strings.retryIn = { "In \($0)\u{00A0}s erneut versuchen" }
        strings.sendLabel = "Code senden"
        strings.seconds = { seconds in
            germanPlural.select(seconds, one: "\(seconds) Sekunde", other: "\(seconds) Sekunden")
        }
        strings.secondsLeft = strings.seconds
        strings.minutes = { minutes in
            germanPlural.select(minutes, one: "\(minutes) Minute", other: "\(minutes) Minuten")
        }
        strings.waitClock = { seconds in "\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)" }
        strings.destinationLabel = "Telefon oder E-Mail"
        strings.destinationPlaceholder = "+49 1512 3456789 oder name@beispiel.de"
        strings.codeLabel = "Bestätigungscode"
        // The adjective "6-stellig" has one form for every count ("1-stelliger", "6-stelliger Code").
        strings.codePlaceholder = { digits in "\(digits)-stelliger Code" }
        strings.passwordLabel = "Passwort"
        // "Zeichen" is the same in the singular and the plural.
        strings.passwordPlaceholder = { minimum in "Mindestens \(minimum) Zeichen" }
        strings.confirmationLabel = "Passwort bestätigen"
        strings.confirmationPlaceholder = "Passwort erneut eingeben"
        strings.destinationProblem = { problem in
            switch problem {
            case .empty: "Geben Sie eine Telefonnummer oder E-Mail-Adresse ein"
            case .invalidEmail: "Diese E-Mail-Adresse ist ungültig"
            case .numberTypeNotAccepted(let accepted):
                accepted.isDisjoint(with: [.mobile, .fixedLineOrMobile])
                    ? "An diese Art von Nummer können keine Codes gesendet werden" : "Geben Sie eine Mobilnummer ein"
            case .invalidChinaMobile: "Eine Mobilnummer aus Festlandchina hat 11 Ziffern und beginnt mit 1"
            case .phone(.missingCountryCode(let example)):
                example.map { "Fügen Sie die Ländervorwahl hinzu, z.\u{00A0}B. +\($0.callingCode)" }
                    ?? "Fügen Sie die Ländervorwahl hinzu, beginnend mit +"
            case .phone(.invalid): "Diese Telefonnummer ist ungültig"
            case .phone(.unknownCountryCode(let digits)): "Keine Ländervorwahl beginnt mit +\(digits)"
            case .phone(.wrongLength(let code, let expected, let found)):
                "Nach der Ländervorwahl +\(code) muss die Nummer "
                    + SignUpStrings.counts(expected, through: " bis ", lastSeparator: " oder ")
                    + germanPlural.select(expected.last ?? found, one: " Ziffer", other: " Ziffern")
                    + " haben, nicht \(found)"
            case .phone(.tooLong): "Eine Telefonnummer hat höchstens 15 Ziffern"
            }
        }
        strings.landlineNotice = "Das ist eine Festnetznummer: Sie erhalten den Code per Anruf"
        strings.codeSent = { "Code an \($0) gesendet" }
        strings.codeCalled = { "Wir rufen \($0) an und nennen Ihnen den Code" }
        strings.requestError = { error, wait in
            switch error {
            case .network: "Netzwerkfehler. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut"
            case .serviceUnavailable: "Der Dienst ist gerade nicht verfügbar. Versuchen Sie es gleich noch einmal"
            case .rateLimited: "Zu viele Anfragen. Versuchen Sie es in \(wait ?? "einem Moment") erneut"
            case .invalidDestination: "An diese Nummer oder Adresse können keine Codes gesendet werden"
            case .channelRefused(.voice): "An diese Nummer können keine Codes per Anruf übermittelt werden"
            case .channelRefused(.sms): "An diese Nummer können keine Codes per SMS gesendet werden"
            case .channelRefused: "An diese E-Mail-Adresse können keine Codes gesendet werden"
            case .sendLimitReached:
                wait.map { "Zu viele Codes angefordert. Versuchen Sie es in \($0) erneut" }
                    ?? "Zu viele Codes angefordert. Versuchen Sie es später erneut"
            }
        }
        strings.sendLimit = { wait in
            wait.map { "Zu viele Codes angefordert. Versuchen Sie es in \($0) erneut" }
                ?? "Zu viele Codes angefordert. Versuchen Sie es später erneut"
        }
        strings.verify = "Bestätigen"
        strings.verifying = "Wird bestätigt…"
        strings.verified = "Bestätigt"
        strings.codeExpiresIn = { "Der Code läuft in \($0) ab" }
        strings.checkError = { error, wait in
            switch error {
            case .wrongCode(let left):
                "Falscher Code. "
                    + germanPlural.select(left, one: "Noch \(left) Versuch", other: "Noch \(left) Versuche")
            case .expired:
                wait.map { "Dieser Code ist abgelaufen. Sie können in \($0) einen neuen anfordern" }
                    ?? "Dieser Code ist abgelaufen. Fordern Sie einen neuen an"
            case .superseded: "Dieser Code wurde durch einen neueren ersetzt. Geben Sie den neuesten Code ein"
            case .locked:
                wait.map { "Zu viele falsche Codes. Versuchen Sie es in \($0) erneut" }
                    ?? "Zu viele falsche Codes. Versuchen Sie es später erneut"
            case .rateLimited: "Zu viele Versuche. Tippen Sie in \(wait ?? "einem Moment") erneut auf Bestätigen"
            case .network: "Netzwerkfehler. Tippen Sie auf Bestätigen, um es erneut zu versuchen"
            case .serviceUnavailable:
                "Der Dienst ist gerade nicht verfügbar. Tippen Sie auf Bestätigen, um es erneut zu versuchen"
            }
        }
        strings.codeReplaced = "Ein neuer Code wurde gesendet. Der vorherige ist nicht mehr gültig"
        strings.lockOver = "Sie können es jetzt erneut versuchen"
        strings.enterCodeIfReceived = "Falls Sie einen Code erhalten haben, geben Sie ihn ein"
        strings.codeSentElsewhere = {
            "Der Code wurde an \($0) gesendet. Fordern Sie für die neue Nummer oder Adresse einen Code an"
        }
        strings.storeProblem = { problem in
            switch problem {
            case .notRestored: "Der gespeicherte Countdown konnte nicht wiederhergestellt werden"
            case .notSaved: "Der Countdown konnte nicht gespeichert werden und geht bei einem Neustart verloren"
            }
        }
        strings.canResendIn = { "Sie können in \($0) einen neuen Code anfordern" }
        strings.canResendNow = "Sie können jetzt einen neuen Code anfordern"
        strings.passwordProblem = germanPasswordProblem
        strings.strength = { strength in
            switch strength {
            case .weak: "Stärke: schwach"
            case .fair: "Stärke: mittel"
            case .strong: "Stärke: stark"
            }
        }
        strings.passwordsDiffer = "Die Passwörter stimmen nicht überein"
        strings.terms = "Ich akzeptiere die Nutzungsbedingungen"
        strings.createAccount = "Konto erstellen"
        strings.creatingAccount = "Konto wird erstellt…"
        strings.accountCreated = "Konto erstellt"
        strings.registrationError = { error in
            switch error {
            case .network: "Netzwerkfehler. Versuchen Sie es erneut"
            case .serviceUnavailable: "Der Dienst ist gerade nicht verfügbar. Versuchen Sie es später erneut"
            case .accountExists: "Dieses Konto existiert bereits. Melden Sie sich stattdessen an"
            case .weakPassword(let problems):
                problems.first.map { "Der Server hat dieses Passwort abgelehnt. \(germanPasswordProblem($0))" }
                    ?? "Der Server hat dieses Passwort abgelehnt. Wählen Sie ein anderes"
            case .proofRejected: "Ihre Bestätigung ist abgelaufen. Fordern Sie einen neuen Code an"
            }
        }
    }

    /// The plural rule of German for integers: one (1), other.
    private static let germanPlural = PluralRule(for: "de")

    /// Why a password is refused, in German: the form's own check and the server's reasons alike.
    /// "Zeichen" is the same in the singular and the plural.
    private static func germanPasswordProblem(_ problem: PasswordProblem) -> String {
        switch problem {
        case .tooShort(let minimum): "Verwenden Sie mindestens \(minimum) Zeichen"
        case .tooLong(let maximum): "Verwenden Sie höchstens \(maximum) Zeichen"
        case .common: "Dieses Passwort wird zu häufig verwendet. Wählen Sie ein anderes"
        case .predictable: "Vermeiden Sie wiederholte oder fortlaufende Zeichen"
        case .containsAccount: "Verwenden Sie Ihren Kontonamen nicht im Passwort"
        }
    }
}
