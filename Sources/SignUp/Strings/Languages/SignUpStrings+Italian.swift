import PhoneNumbers
import SignUpDomain

extension SignUpStrings {
    /// Italian (`it`). Tu, as Italian apps write ("Inserisci", "Tocca"); "prefisso internazionale", "email".
    public static let italian = SignUpStrings(translating: .english) { strings in
        strings.getCode = "Ricevi codice"
        strings.sending = "Invio in corso…"
        strings.resend = "Reinvia"
        strings.retry = "Riprova"
        strings.callMe = "Chiamami"
        // `s` is a symbol: it has no plural. U+00A0 keeps a count with its unit on one line.
        strings.resendIn = { "Reinvia tra \($0)\u{00A0}s" }
        strings.retryIn = { "Riprova tra \($0)\u{00A0}s" }
        strings.sendLabel = "Invia codice"
        strings.seconds = { seconds in
            italianPlural.select(
                seconds, one: "\(seconds) secondo", many: "\(seconds) di secondi", other: "\(seconds) secondi")
        }
        strings.secondsLeft = strings.seconds
        strings.minutes = { minutes in
            italianPlural.select(
                minutes, one: "\(minutes) minuto", many: "\(minutes) di minuti", other: "\(minutes) minuti")
        }
        strings.waitClock = { seconds in "\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)" }
        strings.destinationLabel = "Telefono o email"
        strings.destinationPlaceholder = "+39 312 345 6789 o nome@esempio.it"
        strings.codeLabel = "Codice di verifica"
        strings.codePlaceholder = { digits in
            italianPlural.select(
                digits, one: "Codice a \(digits) cifra", many: "Codice a \(digits) di cifre",
                other: "Codice a \(digits) cifre")
        }
        strings.passwordLabel = "Password"
        strings.passwordPlaceholder = { minimum in
            italianPlural.select(
                minimum, one: "Almeno \(minimum) carattere", many: "Almeno \(minimum) di caratteri",
                other: "Almeno \(minimum) caratteri")
        }
        strings.confirmationLabel = "Conferma password"
        strings.confirmationPlaceholder = "Inserisci di nuovo la password"
        strings.destinationProblem = { problem in
            switch problem {
            case .empty: "Inserisci un numero di telefono o un indirizzo email"
            case .invalidEmail: "Questo indirizzo email non è valido"
            case .numberTypeNotAccepted(let accepted):
                accepted.isDisjoint(with: [.mobile, .fixedLineOrMobile])
                    ? "Non è possibile inviare codici a questo tipo di numero" : "Inserisci un numero di cellulare"
            case .invalidChinaMobile: "Un numero di cellulare della Cina continentale ha 11 cifre e inizia con 1"
            case .phone(.missingCountryCode(let example)):
                example.map { "Aggiungi il prefisso internazionale, ad esempio +\($0.callingCode)" }
                    ?? "Aggiungi il prefisso internazionale, che inizia con +"
            case .phone(.invalid): "Questo numero di telefono non è valido"
            case .phone(.unknownCountryCode(let digits)): "Nessun prefisso internazionale inizia con +\(digits)"
            // A range as "6–12".
            case .phone(.wrongLength(let code, let expected, let found)):
                "Dopo il prefisso +\(code), il numero deve avere "
                    + SignUpStrings.counts(expected, through: "–", lastSeparator: " o ")
                    + italianPlural.select(
                        expected.last ?? found, one: " cifra", many: " di cifre", other: " cifre")
                    + ", non \(found)"
            case .phone(.tooLong): "Un numero di telefono ha al massimo 15 cifre"
            }
        }
        strings.landlineNotice = "Questo è un numero fisso: il codice arriverà con una chiamata"
        strings.codeSent = { "Codice inviato a \($0)" }
        strings.codeCalled = { "Chiamata in corso al \($0) per comunicare il codice" }
        strings.requestError = { error, wait in
            switch error {
            case .network: "Errore di rete. Controlla la connessione e riprova"
            case .serviceUnavailable: "Il servizio non è disponibile al momento. Riprova tra poco"
            case .rateLimited: "Troppe richieste. Riprova tra \(wait ?? "poco")"
            case .invalidDestination: "Questo numero o indirizzo non può ricevere codici"
            case .channelRefused(.voice): "Non è possibile inviare codici a questo numero tramite chiamata"
            case .channelRefused(.sms): "Non è possibile inviare codici a questo numero tramite SMS"
            case .channelRefused: "Non è possibile inviare codici a questo indirizzo email"
            case .sendLimitReached:
                wait.map { "Hai richiesto troppi codici. Riprova tra \($0)" }
                    ?? "Hai richiesto troppi codici. Riprova più tardi"
            }
        }
        strings.sendLimit = { wait in
            wait.map { "Hai richiesto troppi codici. Riprova tra \($0)" }
                ?? "Hai richiesto troppi codici. Riprova più tardi"
        }
        strings.verify = "Verifica"
        strings.verifying = "Verifica in corso…"
        strings.verified = "Verificato"
        strings.codeExpiresIn = { "Il codice scade tra \($0)" }
        strings.checkError = { error, wait in
            switch error {
            case .wrongCode(let left):
                "Codice errato. "
                    + italianPlural.select(
                        left, one: "Ti resta \(left) tentativo", many: "Ti restano \(left) di tentativi",
                        other: "Ti restano \(left) tentativi")
            case .expired:
                wait.map { "Questo codice è scaduto. Potrai richiederne uno nuovo tra \($0)" }
                    ?? "Questo codice è scaduto. Richiedine uno nuovo"
            case .superseded:
                "Questo codice è stato sostituito da uno più recente. Inserisci l’ultimo codice ricevuto"
            case .locked:
                wait.map { "Troppi codici errati. Riprova tra \($0)" } ?? "Troppi codici errati. Riprova più tardi"
            case .rateLimited: "Troppi tentativi. Tocca di nuovo Verifica tra \(wait ?? "poco")"
            case .network: "Errore di rete. Tocca Verifica per riprovare"
            case .serviceUnavailable: "Il servizio non è disponibile al momento. Tocca Verifica per riprovare"
            }
        }
        strings.codeReplaced = "È stato inviato un nuovo codice. Quello precedente non è più valido"
        strings.lockOver = "Ora puoi riprovare"
        strings.enterCodeIfReceived = "Se hai ricevuto un codice, inseriscilo"
        strings.codeSentElsewhere = {
            "Il codice è stato inviato a \($0). Richiedi un codice per il nuovo numero o indirizzo"
        }
        strings.storeProblem = { problem in
            switch problem {
            case .notRestored: "Impossibile ripristinare il conto alla rovescia salvato"
            case .notSaved: "Impossibile salvare il conto alla rovescia; andrà perso al riavvio"
            }
        }
        strings.canResendIn = { "Potrai richiedere un nuovo codice tra \($0)" }
        strings.canResendNow = "Ora puoi richiedere un nuovo codice"
        strings.passwordProblem = italianPasswordProblem
        strings.strength = { strength in
            switch strength {
            case .weak: "Sicurezza: bassa"
            case .fair: "Sicurezza: media"
            case .strong: "Sicurezza: alta"
            }
        }
        strings.passwordsDiffer = "Le password non corrispondono"
        strings.terms = "Accetto i Termini di servizio"
        strings.createAccount = "Crea account"
        strings.creatingAccount = "Creazione account…"
        strings.accountCreated = "Account creato"
        strings.registrationError = { error in
            switch error {
            case .network: "Errore di rete. Riprova"
            case .serviceUnavailable: "Il servizio non è disponibile al momento. Riprova più tardi"
            case .accountExists: "Questo account esiste già. Accedi"
            case .weakPassword(let problems):
                problems.first.map { "Il server ha rifiutato questa password. \(italianPasswordProblem($0))" }
                    ?? "Il server ha rifiutato questa password. Scegline un’altra"
            case .proofRejected: "La verifica è scaduta. Richiedi un nuovo codice"
            }
        }
    }

    /// The plural rule of Italian for integers: one (1), many (a multiple of a million), other.
    private static let italianPlural = PluralRule(for: "it")

    /// Why a password is refused, in Italian: the form's own check and the server's reasons alike.
    private static func italianPasswordProblem(_ problem: PasswordProblem) -> String {
        switch problem {
        case .tooShort(let minimum):
            italianPlural.select(
                minimum, one: "Usa almeno \(minimum) carattere", many: "Usa almeno \(minimum) di caratteri",
                other: "Usa almeno \(minimum) caratteri")
        case .tooLong(let maximum):
            italianPlural.select(
                maximum, one: "Usa al massimo \(maximum) carattere", many: "Usa al massimo \(maximum) di caratteri",
                other: "Usa al massimo \(maximum) caratteri")
        case .common: "Questa password è troppo comune. Scegline un’altra"
        case .predictable: "Evita caratteri ripetuti o in sequenza"
        case .containsAccount: "Non usare il nome del tuo account nella password"
        }
    }
}
