import PhoneNumbers
public import SignUp

extension SignUpLanguage {
    /// Polish (`pl`): a language of the app's own, for its line-mode runner and its tests.
    public static let polish = SignUpLanguage(identifier: "pl", strings: .polish)
}

extension SignUpStrings {
    /// Every sign-up text in Polish, translated from the English table; a test checks that
    /// none is left out (``SignUpStrings/untranslated``). Each counted text takes its form
    /// (one, few, many, other) from CLDR's Polish rule, ``PluralRule``.
    public static let polish = SignUpStrings(translating: .english) { strings in
        strings.getCode = "Pobierz kod"
        strings.sending = "Wysyłanie…"
        strings.resend = "Wyślij ponownie"
        strings.retry = "Spróbuj ponownie"
        strings.callMe = "Zadzwoń do mnie"
        strings.resendIn = { "Wyślij ponownie za \($0) s" }
        strings.retryIn = { "Spróbuj ponownie za \($0) s" }
        strings.sendLabel = "Wyślij kod"
        // The accusative, as after "za" ("Spróbuj ponownie za 2 sekundy"), where a wait goes.
        strings.seconds = { seconds in
            polishPlural.select(
                seconds, one: "\(seconds) sekundę", few: "\(seconds) sekundy", many: "\(seconds) sekund",
                other: "\(seconds) sekundy")
        }
        // Standing alone, the nominative: "1 sekunda", not "za 1 sekundę".
        strings.secondsLeft = { seconds in
            polishPlural.select(
                seconds, one: "\(seconds) sekunda", few: "\(seconds) sekundy", many: "\(seconds) sekund",
                other: "\(seconds) sekundy")
        }
        strings.minutes = { minutes in
            polishPlural.select(
                minutes, one: "\(minutes) minutę", few: "\(minutes) minuty", many: "\(minutes) minut",
                other: "\(minutes) minuty")
        }
        strings.waitClock = { seconds in "\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)" }
        strings.destinationLabel = "Telefon lub e-mail"
        strings.destinationPlaceholder = "+48 512 345 678 lub nazwa@example.pl"
        strings.codeLabel = "Kod weryfikacyjny"
        strings.codePlaceholder = { digits in
            polishPlural.select(
                digits, one: "Wpisz \(digits) cyfrę kodu", few: "Wpisz \(digits) cyfry kodu",
                many: "Wpisz \(digits) cyfr kodu", other: "Wpisz \(digits) cyfry kodu")
        }
        strings.passwordLabel = "Hasło"
        strings.passwordPlaceholder = { minimum in
            polishPlural.select(
                minimum, one: "Co najmniej \(minimum) znak", few: "Co najmniej \(minimum) znaki",
                many: "Co najmniej \(minimum) znaków", other: "Co najmniej \(minimum) znaku")
        }
        strings.confirmationLabel = "Potwierdź hasło"
        strings.confirmationPlaceholder = "Wpisz hasło ponownie"
        strings.destinationProblem = { problem in
            switch problem {
            case .empty: "Wpisz numer telefonu lub adres e-mail"
            case .invalidEmail: "Ten adres e-mail jest nieprawidłowy"
            case .invalidChinaMobile: "Numer komórkowy w Chinach kontynentalnych ma 11 cyfr i zaczyna się od 1"
            case .numberTypeNotAccepted: "Wpisz numer komórkowy"
            case .phone(.missingCountryCode(let example)):
                example.map { "Dodaj numer kierunkowy kraju, np. +\($0.callingCode)" }
                    ?? "Dodaj numer kierunkowy kraju poprzedzony znakiem +"
            case .phone(.invalid): "Ten numer telefonu jest nieprawidłowy"
            case .phone(.unknownCountryCode(let digits)): "Żaden numer kierunkowy nie zaczyna się od +\(digits)"
            case .phone(.wrongLength(let code, let expected, let found)):
                // The noun agrees with the last count: "9 lub 10 cyfr", "3–4 cyfry".
                "Numer +\(code) ma \(SignUpStrings.counts(expected, through: "–", lastSeparator: " lub ")) "
                    + polishPlural.select(expected.last ?? 0, one: "cyfrę", few: "cyfry", many: "cyfr", other: "cyfry")
                    + " po numerze kierunkowym, a nie \(found)"
            case .phone(.tooLong): "Numer telefonu może mieć najwyżej 15 cyfr"
            }
        }
        strings.codeSent = { "Kod wysłano na \($0)" }
        strings.codeCalled = { "Dzwonimy na \($0), by podać kod" }
        strings.landlineNotice = "To numer stacjonarny: kod przekażemy w połączeniu głosowym"
        strings.requestError = { error, wait in
            switch error {
            case .network: "Błąd sieci. Sprawdź połączenie i spróbuj ponownie"
            case .rateLimited: "Zbyt wiele żądań. Spróbuj ponownie za \(wait ?? "chwilę")"
            case .invalidDestination: "Na ten numer lub adres nie można wysłać kodu"
            case .sendLimitReached: "Poproszono o zbyt wiele kodów. Spróbuj ponownie za \(wait ?? "jakiś czas")"
            case .serviceUnavailable: "Usługa jest chwilowo niedostępna. Spróbuj ponownie za chwilę"
            case .channelRefused: "Tą drogą nie można wysłać kodu na ten numer"
            @unknown default: "Nie udało się wysłać kodu"
            }
        }
        strings.sendLimit = { "Poproszono o zbyt wiele kodów. Spróbuj ponownie za \($0 ?? "jakiś czas")" }
        strings.verify = "Zweryfikuj"
        strings.verifying = "Weryfikowanie…"
        strings.verified = "Zweryfikowano"
        strings.codeExpiresIn = { "Kod wygaśnie za \($0)" }
        strings.checkError = { error, wait in
            switch error {
            case .wrongCode(let left):
                "Nieprawidłowy kod. "
                    + polishPlural.select(
                        left, one: "Pozostała \(left) próba", few: "Pozostały \(left) próby",
                        many: "Pozostało \(left) prób", other: "Pozostało \(left) próby")
            case .expired:
                wait.map { "Ten kod wygasł. Nowy kod możesz pobrać za \($0)" }
                    ?? "Ten kod wygasł. Pobierz nowy"
            case .superseded: "Ten kod został zastąpiony nowszym. Wpisz najnowszy kod"
            case .locked: "Zbyt wiele nieprawidłowych kodów. Spróbuj ponownie za \(wait ?? "jakiś czas")"
            case .rateLimited: "Zbyt wiele prób. Za \(wait ?? "chwilę") naciśnij ponownie „Zweryfikuj”"
            case .network: "Błąd sieci. Naciśnij „Zweryfikuj”, aby spróbować ponownie"
            case .serviceUnavailable:
                "Usługa jest chwilowo niedostępna. Naciśnij „Zweryfikuj”, aby spróbować ponownie"
            @unknown default: "Kod nie został przyjęty"
            }
        }
        strings.codeReplaced = "Wysłano nowy kod. Poprzedni kod już nie działa"
        strings.lockOver = "Możesz spróbować ponownie"
        strings.enterCodeIfReceived = "Jeśli kod dotarł, wpisz go"
        strings.codeSentElsewhere = { "Kod wysłano na \($0). Pobierz kod dla tego numeru lub adresu" }
        strings.storeProblem = { problem in
            switch problem {
            case .notRestored: "Nie udało się przywrócić zapisanego odliczania"
            case .notSaved: "Nie udało się zapisać odliczania; nie przetrwa ono ponownego uruchomienia"
            }
        }
        strings.canResendIn = { "Nowy kod możesz pobrać za \($0)" }
        strings.canResendNow = "Możesz już pobrać nowy kod"
        strings.passwordProblem = { problem in
            switch problem {
            case .tooShort(let minimum):
                polishPlural.select(
                    minimum, one: "Hasło musi mieć co najmniej \(minimum) znak",
                    few: "Hasło musi mieć co najmniej \(minimum) znaki",
                    many: "Hasło musi mieć co najmniej \(minimum) znaków",
                    other: "Hasło musi mieć co najmniej \(minimum) znaku")
            case .tooLong(let maximum):
                polishPlural.select(
                    maximum, one: "Hasło może mieć najwyżej \(maximum) znak",
                    few: "Hasło może mieć najwyżej \(maximum) znaki",
                    many: "Hasło może mieć najwyżej \(maximum) znaków",
                    other: "Hasło może mieć najwyżej \(maximum) znaku")
            case .common: "To hasło jest zbyt popularne. Wybierz inne"
            case .predictable: "Unikaj powtarzających się lub kolejnych znaków"
            case .containsAccount: "Nie używaj w haśle nazwy konta"
            }
        }
        strings.strength = { strength in
            switch strength {
            case .weak: "Siła hasła: słaba"
            case .fair: "Siła hasła: średnia"
            case .strong: "Siła hasła: duża"
            }
        }
        strings.passwordsDiffer = "Hasła nie są zgodne"
        strings.terms = "Akceptuję warunki korzystania z usługi"
        strings.createAccount = "Utwórz konto"
        strings.creatingAccount = "Tworzenie konta…"
        strings.accountCreated = "Utworzono konto"
        strings.registrationError = { error in
            switch error {
            case .network: "Błąd sieci. Spróbuj ponownie"
            case .accountExists: "To konto już istnieje. Zaloguj się"
            case .serviceUnavailable: "Usługa jest chwilowo niedostępna. Spróbuj ponownie później"
            case .weakPassword: "Serwer odrzucił to hasło. Wybierz inne"
            case .proofRejected: "Weryfikacja wygasła. Pobierz nowy kod"
            @unknown default: "Nie udało się utworzyć konta"
            }
        }
    }

    /// Polish's plural rule, from CLDR: `one` (1), `few` (2–4, 22–24…), `many` (0, 5–21, 25…),
    /// and `other` (fractions, never a whole count, but given).
    private static let polishPlural = PluralRule(for: "pl")
}
