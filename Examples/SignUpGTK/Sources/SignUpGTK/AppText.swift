import SignUp

/// The window's own words, which are no screen's: its title, the page names, the hint of the
/// server it talks to.
/// Everything a screen shows comes from the models.
struct AppText {
    var windowTitle: String
    var verificationPage: String
    var registrationPage: String
    /// The demo server's code, said on the window so a person can try the flow.
    var demoHint: (String) -> String
    /// The server the app talks to (`--service`).
    var serverHint: (String) -> String
    /// The region picker's search field: its placeholder and accessible label.
    var regionSearch: String

    /// The texts in `language` (English for a language the app does not have).
    init(_ language: SignUpLanguage) {
        switch language {
        case .simplifiedChinese:
            windowTitle = "Hourglass 注册示例"
            verificationPage = "验证"
            registrationPage = "注册"
            demoHint = { "演示服务器：每次发送的验证码都是 \($0)" }
            serverHint = { "服务器：\($0)" }
            regionSearch = "搜索国家或地区"
        case .japanese:
            windowTitle = "Hourglass 登録サンプル"
            verificationPage = "認証"
            registrationPage = "登録"
            demoHint = { "デモサーバー：送信される認証コードは常に \($0) です" }
            serverHint = { "サーバー：\($0)" }
            regionSearch = "国・地域を検索"
        case .arabic:
            windowTitle = "نموذج التسجيل من Hourglass"
            verificationPage = "التحقق"
            registrationPage = "التسجيل"
            demoHint = { "الخادم التجريبي: كل رمز يرسله هو \(SignUpStrings.isolated($0))" }
            serverHint = { "الخادم: \(SignUpStrings.isolated($0))" }
            regionSearch = "ابحث عن بلد أو منطقة"
        default:
            windowTitle = "Hourglass sign-up"
            verificationPage = "Verify"
            registrationPage = "Register"
            demoHint = { "Demo server: every code it sends is \($0)" }
            serverHint = { "Server: \($0)" }
            regionSearch = "Search countries and regions"
        }
    }
}
