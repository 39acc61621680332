/// Every text the sign-up screens show, in each ``SignUpLanguage``.
public struct SignUpText: Sendable {
    /// The language of these texts.
    public let language: SignUpLanguage

    /// The texts of `language`.
    public init(_ language: SignUpLanguage) {
        self.language = language
    }

    private var zh: Bool { language == .simplifiedChinese }

    // MARK: Send button

    var getCode: String { zh ? "获取验证码" : "Get code" }
    var sending: String { zh ? "发送中…" : "Sending…" }
    var resend: String { zh ? "重新获取" : "Resend" }
    var retry: String { zh ? "重试" : "Retry" }
    func resendIn(_ seconds: Int64) -> String { zh ? "重新发送(\(seconds)s)" : "Resend in \(seconds)s" }
    func retryIn(_ seconds: Int64) -> String { zh ? "重试(\(seconds)s)" : "Retry in \(seconds)s" }
    /// The send button's fixed accessibility label; the countdown is its value.
    var sendLabel: String { zh ? "发送验证码" : "Send code" }
    func secondsValue(_ seconds: Int64) -> String { zh ? "\(seconds)秒" : (seconds == 1 ? "1 second" : "\(seconds) seconds") }
    func minutesValue(_ minutes: Int64) -> String { zh ? "\(minutes)分钟" : (minutes == 1 ? "1 minute" : "\(minutes) minutes") }

    // MARK: Destination

    func problem(_ problem: DestinationProblem) -> String {
        switch problem {
        case .empty: zh ? "请输入手机号或邮箱" : "Enter a phone number or an e-mail address"
        case .invalidEmail: zh ? "邮箱地址无效" : "This e-mail address is not valid"
        case .invalidChinaMobile: zh ? "手机号应为以1开头的11位数字" : "A mainland China mobile number has 11 digits starting with 1"
        case .missingCountryCode: zh ? "请加上国家或地区代码，例如 +44" : "Add the country code, e.g. +44"
        case .invalidPhone: zh ? "手机号无效" : "This phone number is not valid"
        }
    }

    // MARK: Send outcomes

    func codeSent(to destination: String) -> String { zh ? "验证码已发送至 \(destination)" : "Code sent to \(destination)" }
    func requestError(_ error: CodeRequestError, waitText: String?) -> String {
        switch error {
        case .network: zh ? "网络错误，请检查网络后重试" : "Network error. Check your connection and retry"
        case .rateLimited: zh ? "请求过于频繁，请\(waitText ?? "稍")后重试" : "Too many requests. Retry in \(waitText ?? "a moment")"
        case .invalidDestination: zh ? "该号码或邮箱无法接收验证码" : "This number or address cannot receive codes"
        case .sendLimitReached: sendLimit(waitText)
        }
    }
    func sendLimit(_ waitText: String?) -> String {
        zh ? "获取验证码次数过多，请\(waitText ?? "稍")后再试" : "Too many codes requested. Try again in \(waitText ?? "a while")"
    }

    // MARK: Code

    var verify: String { zh ? "验证" : "Verify" }
    var verifying: String { zh ? "验证中…" : "Verifying…" }
    var verified: String { zh ? "验证成功" : "Verified" }
    func codeExpiresIn(_ clock: String) -> String { zh ? "验证码将在\(clock)后过期" : "Code expires in \(clock)" }
    func checkError(_ error: CodeCheckError, waitText: String?) -> String {
        switch error {
        case .wrongCode(let left):
            zh ? "验证码错误，还可尝试\(left)次" : "Wrong code. \(left) \(left == 1 ? "attempt" : "attempts") left"
        case .expired: zh ? "验证码已过期，请重新获取" : "This code has expired. Request a new one"
        case .superseded: zh ? "该验证码已失效，请输入最新的验证码" : "This code was replaced by a newer one. Enter the latest code"
        case .locked: zh ? "错误次数过多，请在\(waitText ?? "稍")后再试" : "Too many wrong codes. Try again in \(waitText ?? "a while")"
        case .network: zh ? "网络错误，请重试验证" : "Network error. Tap Verify to try again"
        }
    }
    var codeReplaced: String { zh ? "新验证码已发送，之前的验证码已失效" : "A new code was sent. The previous code no longer works" }
    var lockOver: String { zh ? "现在可以重新验证" : "You can try again now" }
    func storeProblem(_ detail: String) -> String { zh ? "无法保存倒计时：\(detail)" : "The cooldown could not be saved or restored: \(detail)" }

    // MARK: Announcements

    func announcement(_ announcement: Announcement) -> String {
        switch announcement {
        case .codeSent(let destination): codeSent(to: destination)
        case .resendIn(let seconds): zh ? "\(seconds)秒后可重新获取验证码" : "You can request a new code in \(secondsValue(seconds))"
        case .resendAvailable: zh ? "现在可以重新获取验证码" : "You can request a new code now"
        case .verified: verified
        case .requestFailed(let error): requestError(error, waitText: Self.wait(of: error).map(secondsValue))
        case .codeRejected(let error): checkError(error, waitText: Self.wait(of: error).map(clock))
        }
    }

    private static func wait(of error: CodeRequestError) -> Int64? {
        switch error {
        case .rateLimited(let wait), .sendLimitReached(let wait): wholeSecondsRoundedUp(wait)
        case .network, .invalidDestination: nil
        }
    }

    private static func wait(of error: CodeCheckError) -> Int64? {
        if case .locked(let wait) = error { return wholeSecondsRoundedUp(wait) }
        return nil
    }

    /// Rounded up, as the screen's countdowns are: 1.5 s is said as 2 seconds, like "Retry in 2s".
    private static func wholeSecondsRoundedUp(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds + (attoseconds > 0 ? 1 : 0)
    }

    /// A wait of minutes: `4:59` in English; `4分59秒` in Chinese, where `4:59后` would read
    /// as a time of day.
    func clock(_ seconds: Int64) -> String {
        let (minutes, rest) = (seconds / 60, seconds % 60)
        if zh { return minutes == 0 ? "\(rest)秒" : rest == 0 ? "\(minutes)分钟" : "\(minutes)分\(rest)秒" }
        return "\(minutes):\(rest < 10 ? "0" : "")\(rest)"
    }
}

extension SignUpText {
    func savedCooldownInvalid(_ problem: SavedCooldownProblem) -> String {
        let detail = switch problem {
        case .unsupportedVersion(let version): "version \(version), expected \(SavedCooldown.currentVersion)"
        case .invalid(let field): "its \(field) is out of range"
        }
        return zh ? "已保存的倒计时无效（\(detail)），已忽略" : "the saved cooldown is not valid (\(detail)); it is ignored"
    }
}

extension SignUpText {
    // MARK: Registration

    func passwordProblem(_ problem: PasswordProblem) -> String {
        switch problem {
        case .tooShort(let minimum): zh ? "密码至少需要\(minimum)个字符" : "Use at least \(minimum) characters"
        case .tooLong(let maximum): zh ? "密码不能超过\(maximum)个字符" : "Use at most \(maximum) characters"
        case .common: zh ? "这个密码太常见，请换一个" : "This password is too common. Choose another"
        case .predictable: zh ? "请不要使用重复或连续的字符" : "Avoid repeated or sequential characters"
        case .containsAccount: zh ? "密码不能包含账号" : "Do not use your account name in the password"
        }
    }
    func strength(_ strength: PasswordStrength) -> String {
        switch strength {
        case .weak: zh ? "密码强度：弱" : "Strength: weak"
        case .fair: zh ? "密码强度：中" : "Strength: fair"
        case .strong: zh ? "密码强度：强" : "Strength: strong"
        }
    }
    var passwordsDiffer: String { zh ? "两次输入的密码不一致" : "The passwords do not match" }
    var terms: String { zh ? "我已阅读并同意服务条款" : "I agree to the Terms of Service" }
    var createAccount: String { zh ? "注册" : "Create account" }
    var creatingAccount: String { zh ? "注册中…" : "Creating account…" }
    var accountCreated: String { zh ? "注册成功" : "Account created" }
    func registrationError(_ error: RegistrationError) -> String {
        switch error {
        case .network: zh ? "网络错误，请重试" : "Network error. Try again"
        case .accountExists: zh ? "该账号已注册，请直接登录" : "This account already exists. Sign in instead"
        case .server(let message): message
        }
    }
}
