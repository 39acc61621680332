import PhoneNumbers
import SignUpDomain

extension SignUpStrings {
    /// Korean (`ko`). 합니다체 with -하세요 requests; 인증번호 for the code; no particle right after a number.
    public static let korean = SignUpStrings(translating: .english) { strings in
        strings.getCode = "인증번호 받기"
        strings.sending = "전송 중…"
        strings.resend = "재전송"
        strings.retry = "다시 시도"
        strings.callMe = "전화로 받기"
        strings.resendIn = { "재전송 (\($0)초)" }
        strings.retryIn = { "다시 시도 (\($0)초)" }
        strings.sendLabel = "인증번호 전송"
        strings.seconds = { "\($0)초" }
        strings.secondsLeft = strings.seconds
        strings.minutes = { "\($0)분" }
        // Spelled out, as a sentence says a wait: "4분 59초 후에".
        strings.waitClock = { seconds in
            let (minutes, rest) = (seconds / 60, seconds % 60)
            return minutes == 0 ? "\(rest)초" : rest == 0 ? "\(minutes)분" : "\(minutes)분 \(rest)초"
        }
        strings.destinationLabel = "휴대폰 번호 또는 이메일"
        strings.destinationPlaceholder = "+82 10-1234-5678 또는 name@example.com"
        strings.codeLabel = "인증번호"
        strings.codePlaceholder = { digits in "\(digits)자리 인증번호" }
        strings.passwordLabel = "비밀번호"
        strings.passwordPlaceholder = { minimum in "\(minimum)자 이상" }
        strings.confirmationLabel = "비밀번호 확인"
        strings.confirmationPlaceholder = "비밀번호를 다시 입력하세요"
        strings.destinationProblem = { problem in
            switch problem {
            case .empty: "휴대폰 번호 또는 이메일 주소를 입력하세요"
            case .invalidEmail: "올바른 이메일 주소가 아닙니다"
            case .numberTypeNotAccepted(let accepted):
                accepted.isDisjoint(with: [.mobile, .fixedLineOrMobile])
                    ? "이 유형의 번호로는 코드를 보낼 수 없습니다" : "휴대폰 번호를 입력하세요"
            case .invalidChinaMobile: "중국 본토 휴대폰 번호는 1로 시작하는 11자리 숫자입니다"
            case .phone(.missingCountryCode(let example)):
                example.map { "국가 번호를 함께 입력하세요(예: +\($0.callingCode))" }
                    ?? "'+'로 시작하는 국가 번호를 함께 입력하세요"
            case .phone(.invalid): "올바른 휴대폰 번호가 아닙니다"
            case .phone(.unknownCountryCode(let digits)): "앞자리가 +\(digits)인 국가 번호는 없습니다"
            case .phone(.wrongLength(let code, let expected, let found)):
                "+\(code) 번호는 국가 번호 뒤에 "
                    + SignUpStrings.counts(expected, through: "~", lastSeparator: " 또는 ")
                    + "자리가 와야 합니다. 입력한 번호는 \(found)자리입니다"
            case .phone(.tooLong): "휴대폰 번호는 최대 15자리입니다"
            }
        }
        strings.landlineNotice = "유선 전화번호입니다. 인증번호는 전화로 알려 드립니다"
        strings.codeSent = { "\($0)에 인증번호를 보냈습니다" }
        strings.codeCalled = { "\($0) 번호로 전화를 걸어 인증번호를 알려 드립니다" }
        strings.requestError = { error, wait in
            switch error {
            case .network: "네트워크 오류가 발생했습니다. 연결을 확인한 후 다시 시도하세요"
            case .serviceUnavailable: "지금은 서비스를 이용할 수 없습니다. 잠시 후 다시 시도하세요"
            case .rateLimited:
                wait.map { "요청이 너무 많습니다. \($0) 후에 다시 시도하세요" }
                    ?? "요청이 너무 많습니다. 잠시 후 다시 시도하세요"
            case .invalidDestination: "이 번호 또는 주소로는 인증번호를 받을 수 없습니다"
            case .channelRefused(.voice): "이 번호는 음성 전화로 인증번호를 받을 수 없습니다"
            case .channelRefused(.sms): "이 번호는 문자 메시지로 인증번호를 받을 수 없습니다"
            case .channelRefused: "이 이메일 주소로는 인증번호를 보낼 수 없습니다"
            case .sendLimitReached:
                wait.map { "인증번호 요청 횟수를 초과했습니다. \($0) 후에 다시 시도하세요" }
                    ?? "인증번호 요청 횟수를 초과했습니다. 나중에 다시 시도하세요"
            }
        }
        strings.sendLimit = { wait in
            wait.map { "인증번호 요청 횟수를 초과했습니다. \($0) 후에 다시 시도하세요" }
                ?? "인증번호 요청 횟수를 초과했습니다. 나중에 다시 시도하세요"
        }
        strings.verify = "인증하기"
        strings.verifying = "인증 중…"
        strings.verified = "인증 완료"
        strings.codeExpiresIn = { "\($0) 후 인증번호가 만료됩니다" }
        strings.checkError = { error, wait in
            switch error {
            case .wrongCode(let left): "인증번호가 올바르지 않습니다. \(left)회 더 시도할 수 있습니다"
            case .expired:
                wait.map { "인증번호가 만료되었습니다. \($0) 후에 새 인증번호를 요청할 수 있습니다" }
                    ?? "인증번호가 만료되었습니다. 새 인증번호를 요청하세요"
            case .superseded: "이 인증번호는 새 인증번호로 대체되었습니다. 가장 최근에 받은 인증번호를 입력하세요"
            case .locked:
                wait.map { "잘못된 인증번호를 너무 많이 입력했습니다. \($0) 후에 다시 시도하세요" }
                    ?? "잘못된 인증번호를 너무 많이 입력했습니다. 나중에 다시 시도하세요"
            case .rateLimited:
                wait.map { "시도 횟수가 너무 많습니다. \($0) 후에 '인증하기'를 다시 누르세요" }
                    ?? "시도 횟수가 너무 많습니다. 잠시 후 '인증하기'를 다시 누르세요"
            case .network: "네트워크 오류가 발생했습니다. '인증하기'를 눌러 다시 시도하세요"
            case .serviceUnavailable: "지금은 서비스를 이용할 수 없습니다. '인증하기'를 눌러 다시 시도하세요"
            }
        }
        strings.codeReplaced = "새 인증번호를 보냈습니다. 이전 인증번호는 더 이상 사용할 수 없습니다"
        strings.lockOver = "이제 다시 시도할 수 있습니다"
        strings.enterCodeIfReceived = "인증번호를 받았다면 입력하세요"
        strings.codeSentElsewhere = { "인증번호는 \($0)에 보냈습니다. 새로 입력한 번호나 주소로 인증번호를 받으세요" }
        strings.storeProblem = { problem in
            switch problem {
            case .notRestored: "저장된 카운트다운을 복원할 수 없습니다"
            case .notSaved: "카운트다운을 저장할 수 없습니다. 앱을 다시 시작하면 초기화됩니다"
            }
        }
        strings.canResendIn = { "\($0) 후에 새 인증번호를 요청할 수 있습니다" }
        strings.canResendNow = "이제 새 인증번호를 요청할 수 있습니다"
        strings.passwordProblem = koreanPasswordProblem
        strings.strength = { strength in
            switch strength {
            case .weak: "비밀번호 강도: 약함"
            case .fair: "비밀번호 강도: 보통"
            case .strong: "비밀번호 강도: 강함"
            }
        }
        strings.passwordsDiffer = "비밀번호가 일치하지 않습니다"
        strings.terms = "서비스 이용약관에 동의합니다"
        strings.createAccount = "계정 만들기"
        strings.creatingAccount = "계정 만드는 중…"
        strings.accountCreated = "계정이 생성되었습니다"
        strings.registrationError = { error in
            switch error {
            case .network: "네트워크 오류가 발생했습니다. 다시 시도하세요"
            case .serviceUnavailable: "지금은 서비스를 이용할 수 없습니다. 나중에 다시 시도하세요"
            case .accountExists: "이미 가입된 계정입니다. 로그인하세요"
            case .weakPassword(let problems):
                problems.first.map { "서버에서 이 비밀번호를 거부했습니다. \(koreanPasswordProblem($0))" }
                    ?? "서버에서 이 비밀번호를 거부했습니다. 다른 비밀번호를 사용하세요"
            case .proofRejected: "인증이 만료되었습니다. 새 인증번호를 받으세요"
            }
        }
    }

    /// Why a password is refused, in Korean: the form's own check and the server's reasons alike.
    private static func koreanPasswordProblem(_ problem: PasswordProblem) -> String {
        switch problem {
        case .tooShort(let minimum): "\(minimum)자 이상 입력하세요"
        case .tooLong(let maximum): "\(maximum)자 이하로 입력하세요"
        case .common: "너무 흔한 비밀번호입니다. 다른 비밀번호를 사용하세요"
        case .predictable: "같은 문자를 반복하거나 연속된 문자를 사용하지 마세요"
        case .containsAccount: "비밀번호에 계정 정보를 넣지 마세요"
        }
    }
}
