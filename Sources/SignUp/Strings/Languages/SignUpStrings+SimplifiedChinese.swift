import PhoneNumbers

extension SignUpStrings {
    /// Simplified Chinese. The send button says 重新发送 both during the cooldown and after it.
    public static let simplifiedChinese = SignUpStrings(translating: .english) { strings in
        strings.getCode = "获取验证码"
        strings.sending = "发送中…"
        strings.resend = "重新发送"
        strings.retry = "重试"
        strings.callMe = "给我打电话"
        strings.resendIn = { "重新发送(\($0)s)" }
        strings.retryIn = { "重试(\($0)s)" }
        strings.sendLabel = "发送验证码"
        strings.seconds = { "\($0)秒" }
        strings.secondsLeft = strings.seconds
        strings.minutes = { "\($0)分钟" }
        // `4:59后` would read as a time of day: minutes and seconds are spelled out.
        strings.waitClock = { seconds in
            let (minutes, rest) = (seconds / 60, seconds % 60)
            return minutes == 0 ? "\(rest)秒" : rest == 0 ? "\(minutes)分钟" : "\(minutes)分\(rest)秒"
        }
        strings.destinationLabel = "手机号或邮箱"
        strings.destinationPlaceholder = "请输入手机号或邮箱"
        strings.codeLabel = "验证码"
        strings.codePlaceholder = { "\($0)位数字验证码" }
        strings.passwordLabel = "密码"
        strings.passwordPlaceholder = { "至少\($0)个字符" }
        strings.confirmationLabel = "确认密码"
        strings.confirmationPlaceholder = "请再次输入密码"
        strings.destinationProblem = { problem in
            switch problem {
            case .empty: "请输入手机号或邮箱"
            case .invalidEmail: "邮箱地址无效"
            case .numberTypeNotAccepted(let accepted):
                accepted.isDisjoint(with: [.mobile, .fixedLineOrMobile])
                    ? "无法向此类号码发送验证码" : "请输入手机号"
            case .invalidChinaMobile: "手机号应为以1开头的11位数字"
            case .phone(.missingCountryCode(let example)):
                example.map { "请加上国家或地区代码，例如 +\($0.callingCode)" } ?? "请加上以 + 开头的国家或地区代码"
            case .phone(.invalid): "手机号无效"
            case .phone(.unknownCountryCode(let digits)): "没有以 +\(digits) 开头的国家或地区代码"
            case .phone(.wrongLength(let code, let expected, let found)):
                "+\(code) 的号码在国家或地区代码后应有\(SignUpStrings.counts(expected, through: "至", separator: "、", lastSeparator: "或"))位数字，而不是\(found)位"
            case .phone(.tooLong): "手机号最多15位数字"
            }
        }
        strings.landlineNotice = "此号码为固定电话，将通过来电告知验证码"
        strings.codeSent = { "验证码已发送至 \($0)" }
        strings.codeCalled = { "正在致电 \($0) 告知验证码" }
        strings.requestError = { error, wait in
            switch error {
            case .network: "网络错误，请检查网络后重试"
            case .serviceUnavailable: "服务暂时不可用，请稍后重试"
            case .rateLimited: "请求过于频繁，请\(wait ?? "稍")后重试"
            case .invalidDestination: "该号码或邮箱无法接收验证码"
            case .channelRefused(.voice): "无法通过语音电话向此号码发送验证码"
            case .channelRefused(.sms): "无法通过短信向此号码发送验证码"
            case .channelRefused: "无法向此邮箱地址发送验证码"
            case .sendLimitReached: "获取验证码次数过多，请\(wait ?? "稍")后再试"
            }
        }
        strings.sendLimit = { "获取验证码次数过多，请\($0 ?? "稍")后再试" }
        strings.verify = "验证"
        strings.verifying = "验证中…"
        strings.verified = "验证成功"
        strings.codeExpiresIn = { "验证码将在\($0)后过期" }
        strings.checkError = { error, wait in
            switch error {
            case .wrongCode(let left): "验证码错误，还可尝试\(left)次"
            case .expired: wait.map { "验证码已过期，\($0)后可重新获取" } ?? "验证码已过期，请重新获取"
            case .superseded: "该验证码已失效，请输入最新的验证码"
            case .locked: "错误次数过多，请在\(wait ?? "稍")后再试"
            case .rateLimited: "尝试过于频繁，请在\(wait ?? "稍")后重新验证"
            case .network: "网络错误，请重试验证"
            case .serviceUnavailable: "服务暂时不可用，请稍后重试验证"
            }
        }
        strings.codeReplaced = "新验证码已发送，之前的验证码已失效"
        strings.lockOver = "现在可以重新验证"
        strings.enterCodeIfReceived = "如已收到验证码，请直接输入"
        strings.codeSentElsewhere = { "验证码已发送至\($0)，新的号码或邮箱需重新获取验证码" }
        strings.storeProblem = { problem in
            switch problem {
            case .notRestored: "无法恢复已保存的倒计时"
            case .notSaved: "无法保存倒计时，重启后不会保留"
            }
        }
        strings.canResendIn = { "\($0)后可重新获取验证码" }
        strings.canResendNow = "现在可以重新获取验证码"
        strings.passwordProblem = chinesePasswordProblem
        strings.strength = { strength in
            switch strength {
            case .weak: "密码强度：弱"
            case .fair: "密码强度：中"
            case .strong: "密码强度：强"
            }
        }
        strings.passwordsDiffer = "两次输入的密码不一致"
        strings.terms = "我已阅读并同意服务条款"
        strings.createAccount = "注册"
        strings.creatingAccount = "注册中…"
        strings.accountCreated = "注册成功"
        strings.registrationError = { error in
            switch error {
            case .network: "网络错误，请重试"
            case .serviceUnavailable: "服务暂时不可用，请稍后再试"
            case .accountExists: "该账号已注册，请直接登录"
            case .weakPassword(let problems):
                problems.first.map { "服务器拒绝了该密码：\(chinesePasswordProblem($0))" }
                    ?? "服务器拒绝了该密码，请换一个"
            case .proofRejected: "验证已失效，请重新获取验证码"
            }
        }
    }

    /// Why a password is refused, in Chinese: the form's own check and the server's reasons alike.
    private static func chinesePasswordProblem(_ problem: PasswordProblem) -> String {
        switch problem {
        case .tooShort(let minimum): "密码至少需要\(minimum)个字符"
        case .tooLong(let maximum): "密码不能超过\(maximum)个字符"
        case .common: "这个密码太常见，请换一个"
        case .predictable: "请不要使用重复或连续的字符"
        case .containsAccount: "密码不能包含账号"
        }
    }
}
