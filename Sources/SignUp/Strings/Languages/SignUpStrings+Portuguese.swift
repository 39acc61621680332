import PhoneNumbers
import SignUpDomain

extension SignUpStrings {
    /// Portuguese (`pt-BR`). Brazilian, você with its imperatives ("Digite", "Toque em"); "senha", "e-mail".
    public static let portuguese = SignUpStrings(translating: .english) { strings in
        strings.getCode = "Receber código"
        strings.sending = "Enviando…"
        strings.resend = "Reenviar"
        strings.retry = "Tentar novamente"
        strings.callMe = "Me ligue"
        // `s` is a symbol: it has no plural.
        strings.resendIn = { "Reenviar em \($0)\u{00A0}s" }
        strings.retryIn = { "Tentar novamente em \($0)\u{00A0}s" }
        strings.sendLabel = "Enviar código"
        // CLDR's one is 0 and 1 in Brazilian Portuguese: "0 segundo", "1 segundo", "2 segundos".
        strings.seconds = { seconds in
            portuguesePlural.select(
                seconds, one: "\(seconds) segundo", many: "\(seconds) de segundos", other: "\(seconds) segundos")
        }
        strings.secondsLeft = strings.seconds
        strings.minutes = { minutes in
            portuguesePlural.select(
                minutes, one: "\(minutes) minuto", many: "\(minutes) de minutos", other: "\(minutes) minutos")
        }
        strings.waitClock = { seconds in "\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)" }
        strings.destinationLabel = "Telefone ou e-mail"
        strings.destinationPlaceholder = "+55 11 96123-4567 ou nome@exemplo.com.br"
        strings.codeLabel = "Código de verificação"
        strings.codePlaceholder = { digits in
            portuguesePlural.select(
                digits, one: "Código de \(digits) dígito", many: "Código de \(digits) de dígitos",
                other: "Código de \(digits) dígitos")
        }
        strings.passwordLabel = "Senha"
        strings.passwordPlaceholder = { minimum in
            portuguesePlural.select(
                minimum, one: "Pelo menos \(minimum) caractere", many: "Pelo menos \(minimum) de caracteres",
                other: "Pelo menos \(minimum) caracteres")
        }
        strings.confirmationLabel = "Confirmar senha"
        strings.confirmationPlaceholder = "Digite a senha novamente"
        strings.destinationProblem = { problem in
            switch problem {
            case .empty: "Digite um número de telefone ou um e-mail"
            case .invalidEmail: "Este e-mail não é válido"
            case .numberTypeNotAccepted(let accepted):
                accepted.isDisjoint(with: [.mobile, .fixedLineOrMobile])
                    ? "Não é possível enviar códigos para este tipo de número" : "Digite um número de celular"
            case .invalidChinaMobile: "Um celular da China continental tem 11 dígitos e começa com 1"
            case .phone(.missingCountryCode(let example)):
                example.map { "Adicione o código do país, por exemplo, +\($0.callingCode)" }
                    ?? "Adicione o código do país, começando com +"
            case .phone(.invalid): "Este número de telefone não é válido"
            case .phone(.unknownCountryCode(let digits)): "Nenhum código de país começa com +\(digits)"
            // A range as "8–11".
            case .phone(.wrongLength(let code, let expected, let found)):
                "Depois do código do país +\(code), o número deve ter "
                    + SignUpStrings.counts(expected, through: "–", lastSeparator: " ou ")
                    + portuguesePlural.select(
                        expected.last ?? found, one: " dígito", many: " de dígitos", other: " dígitos")
                    + ", não \(found)"
            case .phone(.tooLong): "Um número de telefone tem no máximo 15 dígitos"
            }
        }
        strings.landlineNotice = "Este é um número fixo: você vai receber o código por ligação"
        strings.codeSent = { "Código enviado para \($0)" }
        strings.codeCalled = { "Ligando para \($0) com o seu código" }
        strings.requestError = { error, wait in
            switch error {
            case .network: "Erro de rede. Verifique sua conexão e tente novamente"
            case .serviceUnavailable: "O serviço não está disponível no momento. Tente novamente em instantes"
            case .rateLimited: "Muitas solicitações. Tente novamente em \(wait ?? "instantes")"
            case .invalidDestination: "Este número ou e-mail não pode receber códigos"
            case .channelRefused(.voice): "Não é possível enviar códigos para este número por ligação"
            case .channelRefused(.sms): "Não é possível enviar códigos para este número por SMS"
            case .channelRefused: "Não é possível enviar códigos para este endereço de e-mail"
            case .sendLimitReached:
                wait.map { "Você solicitou códigos demais. Tente novamente em \($0)" }
                    ?? "Você solicitou códigos demais. Tente novamente mais tarde"
            }
        }
        strings.sendLimit = { wait in
            wait.map { "Você solicitou códigos demais. Tente novamente em \($0)" }
                ?? "Você solicitou códigos demais. Tente novamente mais tarde"
        }
        strings.verify = "Verificar"
        strings.verifying = "Verificando…"
        strings.verified = "Verificado"
        strings.codeExpiresIn = { "O código expira em \($0)" }
        strings.checkError = { error, wait in
            switch error {
            case .wrongCode(let left):
                "Código incorreto. "
                    + portuguesePlural.select(
                        left, one: "Resta \(left) tentativa", many: "Restam \(left) de tentativas",
                        other: "Restam \(left) tentativas")
            case .expired:
                wait.map { "Este código expirou. Você poderá solicitar um novo em \($0)" }
                    ?? "Este código expirou. Solicite um novo"
            case .superseded: "Este código foi substituído por um mais recente. Digite o código mais recente"
            case .locked:
                wait.map { "Muitos códigos incorretos. Tente novamente em \($0)" }
                    ?? "Muitos códigos incorretos. Tente novamente mais tarde"
            case .rateLimited: "Muitas tentativas. Toque em Verificar novamente em \(wait ?? "instantes")"
            case .network: "Erro de rede. Toque em Verificar para tentar novamente"
            case .serviceUnavailable:
                "O serviço não está disponível no momento. Toque em Verificar para tentar novamente"
            }
        }
        strings.codeReplaced = "Um novo código foi enviado. O anterior não é mais válido"
        strings.lockOver = "Você já pode tentar novamente"
        strings.enterCodeIfReceived = "Se você recebeu um código, digite-o"
        strings.codeSentElsewhere = {
            "O código foi enviado para \($0). Solicite um código para o novo número ou e-mail"
        }
        strings.storeProblem = { problem in
            switch problem {
            case .notRestored: "Não foi possível restaurar a contagem regressiva salva"
            case .notSaved: "Não foi possível salvar a contagem regressiva; ela será perdida se o app reiniciar"
            }
        }
        strings.canResendIn = { "Você poderá solicitar um novo código em \($0)" }
        strings.canResendNow = "Você já pode solicitar um novo código"
        strings.passwordProblem = portuguesePasswordProblem
        strings.strength = { strength in
            switch strength {
            case .weak: "Força: fraca"
            case .fair: "Força: média"
            case .strong: "Força: forte"
            }
        }
        strings.passwordsDiffer = "As senhas não coincidem"
        strings.terms = "Concordo com os Termos de Serviço"
        strings.createAccount = "Criar conta"
        strings.creatingAccount = "Criando conta…"
        strings.accountCreated = "Conta criada"
        strings.registrationError = { error in
            switch error {
            case .network: "Erro de rede. Tente novamente"
            case .serviceUnavailable: "O serviço não está disponível no momento. Tente novamente mais tarde"
            case .accountExists: "Esta conta já existe. Faça login"
            case .weakPassword(let problems):
                problems.first.map { "O servidor recusou esta senha. \(portuguesePasswordProblem($0))" }
                    ?? "O servidor recusou esta senha. Escolha outra"
            case .proofRejected: "Sua verificação expirou. Solicite um novo código"
            }
        }
    }

    /// The plural rule of Brazilian Portuguese for integers: one (0 and 1), many (a multiple of a million), other.
    private static let portuguesePlural = PluralRule(for: "pt-BR")

    /// Why a password is refused, in Portuguese: the form's own check and the server's reasons alike.
    private static func portuguesePasswordProblem(_ problem: PasswordProblem) -> String {
        switch problem {
        case .tooShort(let minimum):
            portuguesePlural.select(
                minimum, one: "Use pelo menos \(minimum) caractere", many: "Use pelo menos \(minimum) de caracteres",
                other: "Use pelo menos \(minimum) caracteres")
        case .tooLong(let maximum):
            portuguesePlural.select(
                maximum, one: "Use no máximo \(maximum) caractere", many: "Use no máximo \(maximum) de caracteres",
                other: "Use no máximo \(maximum) caracteres")
        case .common: "Esta senha é muito comum. Escolha outra"
        case .predictable: "Evite caracteres repetidos ou em sequência"
        case .containsAccount: "Não use o nome da sua conta na senha"
        }
    }
}
