import PhoneNumbers
import SignUpDomain

extension SignUpStrings {
    /// Russian (`ru`). Formal «вы»; waits are in the accusative, since every sentence says «через» before them.
    public static let russian = SignUpStrings(translating: .english) { strings in
        strings.getCode = "Получить код"
        strings.sending = "Отправка…"
        strings.resend = "Отправить снова"
        strings.retry = "Повторить"
        strings.callMe = "Позвонить мне"
        strings.resendIn = { "Отправить снова через \($0)\u{00A0}с" }
        strings.retryIn = { "Повторить через \($0)\u{00A0}с" }
        strings.sendLabel = "Отправить код"
        // Accusative, as after «через»: «через 1 минуту / 2 минуты / 5 минут».
        strings.seconds = { seconds in
            russianPlural.select(
                seconds, one: "\(seconds) секунду", few: "\(seconds) секунды", many: "\(seconds) секунд",
                other: "\(seconds) секунды")
        }
        // Standing alone, the nominative: "1 секунда", not "через 1 секунду".
        strings.secondsLeft = { seconds in
            russianPlural.select(
                seconds, one: "\(seconds) секунда", few: "\(seconds) секунды", many: "\(seconds) секунд",
                other: "\(seconds) секунды")
        }
        strings.minutes = { minutes in
            russianPlural.select(
                minutes, one: "\(minutes) минуту", few: "\(minutes) минуты", many: "\(minutes) минут",
                other: "\(minutes) минуты")
        }
        strings.waitClock = { seconds in "\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)" }
        strings.destinationLabel = "Телефон или эл. почта"
        strings.destinationPlaceholder = "+7 912 345-67-89 или name@example.com"
        strings.codeLabel = "Код подтверждения"
        strings.codePlaceholder = { digits in
            russianPlural.select(
                digits, one: "Код из \(digits) цифры", few: "Код из \(digits) цифр", many: "Код из \(digits) цифр",
                other: "Код из \(digits) цифры")
        }
        strings.passwordLabel = "Пароль"
        strings.passwordPlaceholder = { minimum in "Не менее \(russianCharacters(Int(minimum)))" }
        strings.confirmationLabel = "Подтверждение пароля"
        strings.confirmationPlaceholder = "Введите пароль ещё раз"
        strings.destinationProblem = { problem in
            switch problem {
            case .empty: "Введите номер телефона или адрес эл. почты"
            case .invalidEmail: "Некорректный адрес эл. почты"
            case .numberTypeNotAccepted(let accepted):
                accepted.isDisjoint(with: [.mobile, .fixedLineOrMobile])
                    ? "На номера такого типа нельзя отправить код" : "Введите номер мобильного телефона"
            case .invalidChinaMobile: "Мобильный номер в материковом Китае состоит из 11 цифр и начинается с 1"
            case .phone(.missingCountryCode(let example)):
                example.map { "Добавьте код страны, например +\($0.callingCode)" }
                    ?? "Добавьте код страны, начиная со знака +"
            case .phone(.invalid): "Некорректный номер телефона"
            case .phone(.unknownCountryCode(let digits)): "Нет кода страны, начинающегося с +\(digits)"
            case .phone(.wrongLength(let code, let expected, let found)):
                "Номер с кодом +\(code) содержит \(russianLengths(expected)) после кода страны, а не \(found)"
            case .phone(.tooLong): "Номер телефона содержит не более 15 цифр"
            }
        }
        strings.landlineNotice = "Это стационарный номер: вам позвонят и продиктуют код"
        strings.codeSent = { "Код отправлен на \($0)" }
        strings.codeCalled = { "Звоним на \($0), чтобы продиктовать код" }
        strings.requestError = { error, wait in
            switch error {
            case .network: "Ошибка сети. Проверьте подключение и повторите попытку"
            case .serviceUnavailable: "Сервис временно недоступен. Повторите попытку чуть позже"
            case .rateLimited:
                "Слишком много запросов. Повторите попытку \(wait.map { "через \($0)" } ?? "чуть позже")"
            case .invalidDestination: "На этот номер или адрес нельзя отправить код"
            case .channelRefused(.voice): "На этот номер нельзя отправить код звонком"
            case .channelRefused(.sms): "На этот номер нельзя отправить код по SMS"
            case .channelRefused: "На этот адрес электронной почты нельзя отправить код"
            case .sendLimitReached:
                "Запрошено слишком много кодов. Повторите попытку \(wait.map { "через \($0)" } ?? "позже")"
            }
        }
        strings.sendLimit = { wait in
            "Запрошено слишком много кодов. Повторите попытку \(wait.map { "через \($0)" } ?? "позже")"
        }
        strings.verify = "Подтвердить"
        strings.verifying = "Проверка…"
        strings.verified = "Подтверждено"
        strings.codeExpiresIn = { "Код действителен ещё \($0)" }
        strings.checkError = { error, wait in
            switch error {
            case .wrongCode(let left):
                "Неверный код. "
                    + russianPlural.select(
                        left, one: "Осталась \(left) попытка", few: "Осталось \(left) попытки",
                        many: "Осталось \(left) попыток", other: "Осталось \(left) попытки")
            case .expired:
                wait.map { "Срок действия кода истёк. Новый код можно запросить через \($0)" }
                    ?? "Срок действия кода истёк. Запросите новый код"
            case .superseded: "Этот код заменён более новым. Введите последний полученный код"
            case .locked:
                "Слишком много неверных кодов. Повторите попытку \(wait.map { "через \($0)" } ?? "позже")"
            case .rateLimited:
                "Слишком много попыток. Нажмите «Подтвердить» ещё раз \(wait.map { "через \($0)" } ?? "чуть позже")"
            case .network: "Ошибка сети. Нажмите «Подтвердить», чтобы повторить попытку"
            case .serviceUnavailable: "Сервис временно недоступен. Нажмите «Подтвердить», чтобы повторить попытку"
            }
        }
        strings.codeReplaced = "Отправлен новый код. Предыдущий код больше не действует"
        strings.lockOver = "Теперь можно попробовать снова"
        strings.enterCodeIfReceived = "Если код пришёл, введите его"
        strings.codeSentElsewhere = { "Код был отправлен на \($0). Запросите код для нового номера или адреса" }
        strings.storeProblem = { problem in
            switch problem {
            case .notRestored: "Не удалось восстановить сохранённый таймер"
            case .notSaved: "Не удалось сохранить таймер: после перезапуска он начнётся заново"
            }
        }
        strings.canResendIn = { "Новый код можно запросить через \($0)" }
        strings.canResendNow = "Теперь можно запросить новый код"
        strings.passwordProblem = russianPasswordProblem
        strings.strength = { strength in
            switch strength {
            case .weak: "Надёжность: низкая"
            case .fair: "Надёжность: средняя"
            case .strong: "Надёжность: высокая"
            }
        }
        strings.passwordsDiffer = "Пароли не совпадают"
        strings.terms = "Я принимаю условия использования"
        strings.createAccount = "Создать аккаунт"
        strings.creatingAccount = "Создание аккаунта…"
        strings.accountCreated = "Аккаунт создан"
        strings.registrationError = { error in
            switch error {
            case .network: "Ошибка сети. Повторите попытку"
            case .serviceUnavailable: "Сервис временно недоступен. Повторите попытку позже"
            case .accountExists: "Этот аккаунт уже существует. Войдите в него"
            case .weakPassword(let problems):
                problems.first.map { "Сервер отклонил этот пароль. \(russianPasswordProblem($0))" }
                    ?? "Сервер отклонил этот пароль. Выберите другой"
            case .proofRejected: "Срок действия подтверждения истёк. Запросите новый код"
            }
        }
    }

    /// The CLDR plural rule of Russian: one (1, 21, 31…), few (2–4, 22–24…), many (0, 5–20, 25–30…), other.
    private static let russianPlural = PluralRule(for: "ru")

    /// Why a password is refused, in Russian: the form's own check and the server's reasons alike.
    private static func russianPasswordProblem(_ problem: PasswordProblem) -> String {
        switch problem {
        case .tooShort(let minimum): "Используйте не менее \(russianCharacters(minimum))"
        case .tooLong(let maximum): "Используйте не более \(russianCharacters(maximum))"
        case .common: "Этот пароль слишком распространён. Выберите другой"
        case .predictable: "Не используйте повторяющиеся или идущие подряд символы"
        case .containsAccount: "Не используйте в пароле имя аккаунта"
        }
    }

    /// A number of characters in the genitive, as after «не менее»: «1 символа», «8 символов», «21 символа».
    private static func russianCharacters(_ count: Int) -> String {
        russianPlural.select(
            count, one: "\(count) символа", few: "\(count) символов", many: "\(count) символов",
            other: "\(count) символа")
    }

    /// The lengths of `PhoneNumberProblem.wrongLength` in the accusative, after «содержит»: «10 цифр»,
    /// «8–11 цифр», «7, 9 или 10 цифр», «1 цифру»; the noun takes the form of the last count.
    private static func russianLengths(_ lengths: [Int]) -> String {
        let numbers = counts(lengths, through: "–", lastSeparator: " или ")
        let last = lengths.last ?? 0
        return russianPlural.select(
            last, one: "\(numbers) цифру", few: "\(numbers) цифры", many: "\(numbers) цифр", other: "\(numbers) цифры")
    }
}
