import PhoneNumbers
import SignUpDomain

extension SignUpStrings {
    /// Traditional Chinese (`zh-Hant`). Taiwan usage: 傳送, 帳號, 國碼; a space between numbers and Han.
    public static let traditionalChinese = SignUpStrings(translating: .english) { strings in
        strings.getCode = "取得驗證碼"
        strings.sending = "傳送中…"
        strings.resend = "重新傳送"
        strings.retry = "重試"
        strings.callMe = "打電話給我"
        strings.resendIn = { "重新傳送（\($0) 秒）" }
        strings.retryIn = { "重試（\($0) 秒）" }
        strings.sendLabel = "傳送驗證碼"
        strings.seconds = { "\($0) 秒" }
        strings.secondsLeft = strings.seconds
        strings.minutes = { "\($0) 分鐘" }
        // `4:59 後` would read as a time of day: minutes and seconds are spelled out.
        strings.waitClock = { seconds in
            let (minutes, rest) = (seconds / 60, seconds % 60)
            return minutes == 0 ? "\(rest) 秒" : rest == 0 ? "\(minutes) 分鐘" : "\(minutes) 分 \(rest) 秒"
        }
        strings.destinationLabel = "手機號碼或電子郵件"
        strings.destinationPlaceholder = "+886 912 345 678 或 name@example.com"
        strings.codeLabel = "驗證碼"
        strings.codePlaceholder = { digits in "\(digits) 位數驗證碼" }
        strings.passwordLabel = "密碼"
        strings.passwordPlaceholder = { minimum in "至少 \(minimum) 個字元" }
        strings.confirmationLabel = "確認密碼"
        strings.confirmationPlaceholder = "請再次輸入密碼"
        strings.destinationProblem = { problem in
            switch problem {
            case .empty: "請輸入手機號碼或電子郵件地址"
            case .invalidEmail: "電子郵件地址無效"
            case .numberTypeNotAccepted(let accepted):
                accepted.isDisjoint(with: [.mobile, .fixedLineOrMobile])
                    ? "無法向此類號碼傳送驗證碼" : "請輸入手機號碼"
            case .invalidChinaMobile: "中國大陸手機號碼應為 1 開頭的 11 位數字"
            case .phone(.missingCountryCode(let example)):
                example.map { "請加上國碼，例如 +\($0.callingCode)" } ?? "請加上以 + 開頭的國碼"
            case .phone(.invalid): "手機號碼無效"
            case .phone(.unknownCountryCode(let digits)): "沒有以 +\(digits) 開頭的國碼"
            case .phone(.wrongLength(let code, let expected, let found)):
                "+\(code) 的號碼在國碼後應有 "
                    + SignUpStrings.counts(expected, through: " 至 ", separator: "、", lastSeparator: " 或 ")
                    + " 位數字，而不是 \(found) 位"
            case .phone(.tooLong): "手機號碼最多 15 位數字"
            }
        }
        strings.landlineNotice = "此號碼為市話，將透過來電告知驗證碼"
        strings.codeSent = { "驗證碼已傳送至 \($0)" }
        strings.codeCalled = { "正在撥打 \($0) 告知驗證碼" }
        strings.requestError = { error, wait in
            switch error {
            case .network: "網路錯誤，請檢查網路連線後重試"
            case .serviceUnavailable: "服務暫時無法使用，請稍後重試"
            case .rateLimited: wait.map { "要求過於頻繁，請於 \($0)後重試" } ?? "要求過於頻繁，請稍後重試"
            case .invalidDestination: "此號碼或地址無法接收驗證碼"
            case .channelRefused(.voice): "無法透過語音電話將驗證碼傳送至此號碼"
            case .channelRefused(.sms): "無法透過簡訊將驗證碼傳送至此號碼"
            case .channelRefused: "無法將驗證碼傳送至此電子郵件地址"
            case .sendLimitReached:
                wait.map { "取得驗證碼次數過多，請於 \($0)後再試" } ?? "取得驗證碼次數過多，請稍後再試"
            }
        }
        strings.sendLimit = { wait in
            wait.map { "取得驗證碼次數過多，請於 \($0)後再試" } ?? "取得驗證碼次數過多，請稍後再試"
        }
        strings.verify = "驗證"
        strings.verifying = "驗證中…"
        strings.verified = "驗證成功"
        strings.codeExpiresIn = { "驗證碼將於 \($0)後失效" }
        strings.checkError = { error, wait in
            switch error {
            case .wrongCode(let left): "驗證碼錯誤，還可嘗試 \(left) 次"
            case .expired: wait.map { "驗證碼已過期，\($0)後可重新取得" } ?? "驗證碼已過期，請重新取得"
            case .superseded: "此驗證碼已失效，請輸入最新的驗證碼"
            case .locked: wait.map { "錯誤次數過多，請於 \($0)後再試" } ?? "錯誤次數過多，請稍後再試"
            case .rateLimited:
                wait.map { "嘗試過於頻繁，請於 \($0)後再點一下「驗證」" } ?? "嘗試過於頻繁，請稍後再點一下「驗證」"
            case .network: "網路錯誤，請點一下「驗證」重試"
            case .serviceUnavailable: "服務暫時無法使用，請稍後點一下「驗證」重試"
            }
        }
        strings.codeReplaced = "已傳送新的驗證碼，先前的驗證碼已失效"
        strings.lockOver = "現在可以重新驗證"
        strings.enterCodeIfReceived = "如果已收到驗證碼，請直接輸入"
        strings.codeSentElsewhere = { "驗證碼已傳送至 \($0)，新的號碼或地址需重新取得驗證碼" }
        strings.storeProblem = { problem in
            switch problem {
            case .notRestored: "無法還原已儲存的倒數計時"
            case .notSaved: "無法儲存倒數計時，重新啟動後將不會保留"
            }
        }
        strings.canResendIn = { "\($0)後可重新取得驗證碼" }
        strings.canResendNow = "現在可以重新取得驗證碼"
        strings.passwordProblem = traditionalChinesePasswordProblem
        strings.strength = { strength in
            switch strength {
            case .weak: "密碼強度：弱"
            case .fair: "密碼強度：中"
            case .strong: "密碼強度：強"
            }
        }
        strings.passwordsDiffer = "兩次輸入的密碼不一致"
        strings.terms = "我已閱讀並同意服務條款"
        strings.createAccount = "建立帳號"
        strings.creatingAccount = "正在建立帳號…"
        strings.accountCreated = "帳號已建立"
        strings.registrationError = { error in
            switch error {
            case .network: "網路錯誤，請重試"
            case .serviceUnavailable: "服務暫時無法使用，請稍後再試"
            case .accountExists: "此帳號已註冊，請直接登入"
            case .weakPassword(let problems):
                problems.first.map { "伺服器拒絕了此密碼：\(traditionalChinesePasswordProblem($0))" }
                    ?? "伺服器拒絕了此密碼，請換一個"
            case .proofRejected: "驗證已失效，請重新取得驗證碼"
            }
        }
    }

    /// Why a password is refused, in Traditional Chinese: the form's own check and the server's reasons alike.
    private static func traditionalChinesePasswordProblem(_ problem: PasswordProblem) -> String {
        switch problem {
        case .tooShort(let minimum): "密碼至少需要 \(minimum) 個字元"
        case .tooLong(let maximum): "密碼不能超過 \(maximum) 個字元"
        case .common: "這個密碼太常見了，請換一個"
        case .predictable: "請勿使用重複或連續的字元"
        case .containsAccount: "密碼不能包含帳號"
        }
    }
}
