import PhoneNumbers
import SignUpDomain

extension SignUpStrings {
    /// Spanish (`es`). Latin American neutral with tú ("Ingresa", "Toca"), "celular", "cuenta regresiva".
    public static let spanish = SignUpStrings(translating: .english) { strings in
        strings.getCode = "Obtener código"
        strings.sending = "Enviando…"
        strings.resend = "Reenviar"
        strings.retry = "Reintentar"
        strings.callMe = "Llámame"
        // `s` is a symbol: it has no plural.
        strings.resendIn = { "Reenviar en \($0)\u{00A0}s" }
        strings.retryIn = { "Reintentar en \($0)\u{00A0}s" }
        strings.sendLabel = "Enviar código"
        strings.seconds = { seconds in
            spanishPlural.select(
                seconds, one: "\(seconds) segundo", many: "\(seconds) de segundos", other: "\(seconds) segundos")
        }
        strings.secondsLeft = strings.seconds
        strings.minutes = { minutes in
            spanishPlural.select(
                minutes, one: "\(minutes) minuto", many: "\(minutes) de minutos", other: "\(minutes) minutos")
        }
        strings.waitClock = { seconds in "\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)" }
        strings.destinationLabel = "Teléfono o correo electrónico"
        strings.destinationPlaceholder = "+52 55 1234 5678 o nombre@ejemplo.com"
        strings.codeLabel = "Código de verificación"
        strings.codePlaceholder = { digits in
            spanishPlural.select(
                digits, one: "Código de \(digits) dígito", many: "Código de \(digits) de dígitos",
                other: "Código de \(digits) dígitos")
        }
        strings.passwordLabel = "Contraseña"
        strings.passwordPlaceholder = { minimum in
            spanishPlural.select(
                minimum, one: "Al menos \(minimum) carácter", many: "Al menos \(minimum) de caracteres",
                other: "Al menos \(minimum) caracteres")
        }
        strings.confirmationLabel = "Confirmar contraseña"
        strings.confirmationPlaceholder = "Vuelve a escribir la contraseña"
        strings.destinationProblem = { problem in
            switch problem {
            case .empty: "Ingresa un número de teléfono o un correo electrónico"
            case .invalidEmail: "Este correo electrónico no es válido"
            case .numberTypeNotAccepted(let accepted):
                accepted.isDisjoint(with: [.mobile, .fixedLineOrMobile])
                    ? "No se pueden enviar códigos a este tipo de número" : "Ingresa un número de celular"
            case .invalidChinaMobile: "Un celular de China continental tiene 11 dígitos y empieza con 1"
            case .phone(.missingCountryCode(let example)):
                example.map { "Agrega el código de país, por ejemplo, +\($0.callingCode)" }
                    ?? "Agrega el código de país, que empieza con +"
            case .phone(.invalid): "Este número de teléfono no es válido"
            case .phone(.unknownCountryCode(let digits)): "Ningún código de país empieza con +\(digits)"
            // A range as "8–11"; "o" is "u" before a number said with an o sound (8 "ocho", 11 "once").
            case .phone(.wrongLength(let code, let expected, let found)):
                "Después del código de país +\(code), el número debe tener "
                    + SignUpStrings.counts(
                        expected, through: "–", lastSeparator: [8, 11].contains(expected.last ?? 0) ? " u " : " o ")
                    + spanishPlural.select(
                        expected.last ?? found, one: " dígito", many: " de dígitos", other: " dígitos")
                    + ", no \(found)"
            case .phone(.tooLong): "Un número de teléfono tiene como máximo 15 dígitos"
            }
        }
        strings.landlineNotice = "Este es un número fijo: recibirás una llamada con el código"
        strings.codeSent = { "Código enviado a \($0)" }
        strings.codeCalled = { "Llamando al \($0) para darte el código" }
        strings.requestError = { error, wait in
            switch error {
            case .network: "Error de red. Revisa tu conexión e inténtalo de nuevo"
            case .serviceUnavailable:
                "El servicio no está disponible en este momento. Inténtalo de nuevo en unos momentos"
            case .rateLimited: "Demasiadas solicitudes. Inténtalo de nuevo en \(wait ?? "unos momentos")"
            case .invalidDestination: "Este número o correo no puede recibir códigos"
            case .channelRefused(.voice): "No se pueden enviar códigos a este número por llamada"
            case .channelRefused(.sms): "No se pueden enviar códigos a este número por SMS"
            case .channelRefused: "No se pueden enviar códigos a esta dirección de correo"
            case .sendLimitReached:
                wait.map { "Solicitaste demasiados códigos. Inténtalo de nuevo en \($0)" }
                    ?? "Solicitaste demasiados códigos. Inténtalo de nuevo más tarde"
            }
        }
        strings.sendLimit = { wait in
            wait.map { "Solicitaste demasiados códigos. Inténtalo de nuevo en \($0)" }
                ?? "Solicitaste demasiados códigos. Inténtalo de nuevo más tarde"
        }
        strings.verify = "Verificar"
        strings.verifying = "Verificando…"
        strings.verified = "Verificado"
        strings.codeExpiresIn = { "El código expira en \($0)" }
        strings.checkError = { error, wait in
            switch error {
            case .wrongCode(let left):
                "Código incorrecto. "
                    + spanishPlural.select(
                        left, one: "Te queda \(left) intento", many: "Te quedan \(left) de intentos",
                        other: "Te quedan \(left) intentos")
            case .expired:
                wait.map { "Este código expiró. Podrás solicitar uno nuevo en \($0)" }
                    ?? "Este código expiró. Solicita uno nuevo"
            case .superseded: "Este código fue reemplazado por uno más reciente. Ingresa el último código"
            case .locked:
                wait.map { "Demasiados códigos incorrectos. Inténtalo de nuevo en \($0)" }
                    ?? "Demasiados códigos incorrectos. Inténtalo de nuevo más tarde"
            case .rateLimited: "Demasiados intentos. Toca Verificar de nuevo en \(wait ?? "unos momentos")"
            case .network: "Error de red. Toca Verificar para intentarlo de nuevo"
            case .serviceUnavailable:
                "El servicio no está disponible en este momento. Toca Verificar para intentarlo de nuevo"
            }
        }
        strings.codeReplaced = "Se envió un código nuevo. El anterior ya no es válido"
        strings.lockOver = "Ya puedes volver a intentarlo"
        strings.enterCodeIfReceived = "Si recibiste un código, ingrésalo"
        strings.codeSentElsewhere = { "El código se envió a \($0). Solicita un código para el nuevo número o correo" }
        strings.storeProblem = { problem in
            switch problem {
            case .notRestored: "No se pudo restaurar la cuenta regresiva guardada"
            case .notSaved: "No se pudo guardar la cuenta regresiva; se perderá si se reinicia la app"
            }
        }
        strings.canResendIn = { "Podrás solicitar un código nuevo en \($0)" }
        strings.canResendNow = "Ya puedes solicitar un código nuevo"
        strings.passwordProblem = spanishPasswordProblem
        strings.strength = { strength in
            switch strength {
            case .weak: "Seguridad: baja"
            case .fair: "Seguridad: media"
            case .strong: "Seguridad: alta"
            }
        }
        strings.passwordsDiffer = "Las contraseñas no coinciden"
        strings.terms = "Acepto los Términos del servicio"
        strings.createAccount = "Crear cuenta"
        strings.creatingAccount = "Creando cuenta…"
        strings.accountCreated = "Cuenta creada"
        strings.registrationError = { error in
            switch error {
            case .network: "Error de red. Inténtalo de nuevo"
            case .serviceUnavailable: "El servicio no está disponible en este momento. Inténtalo de nuevo más tarde"
            case .accountExists: "Esta cuenta ya existe. Inicia sesión"
            case .weakPassword(let problems):
                problems.first.map { "El servidor rechazó esta contraseña. \(spanishPasswordProblem($0))" }
                    ?? "El servidor rechazó esta contraseña. Elige otra"
            case .proofRejected: "Tu verificación expiró. Solicita un código nuevo"
            }
        }
    }

    /// The plural rule of Spanish for integers: one (1), many (a multiple of a million), other.
    private static let spanishPlural = PluralRule(for: "es")

    /// Why a password is refused, in Spanish: the form's own check and the server's reasons alike.
    private static func spanishPasswordProblem(_ problem: PasswordProblem) -> String {
        switch problem {
        case .tooShort(let minimum):
            spanishPlural.select(
                minimum, one: "Usa al menos \(minimum) carácter", many: "Usa al menos \(minimum) de caracteres",
                other: "Usa al menos \(minimum) caracteres")
        case .tooLong(let maximum):
            spanishPlural.select(
                maximum, one: "Usa como máximo \(maximum) carácter", many: "Usa como máximo \(maximum) de caracteres",
                other: "Usa como máximo \(maximum) caracteres")
        case .common: "Esta contraseña es muy común. Elige otra"
        case .predictable: "Evita caracteres repetidos o consecutivos"
        case .containsAccount: "No incluyas el nombre de tu cuenta en la contraseña"
        }
    }
}
