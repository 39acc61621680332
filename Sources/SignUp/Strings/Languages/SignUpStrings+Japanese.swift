import PhoneNumbers
import SignUpDomain

extension SignUpStrings {
    /// Japanese (`ja`). です・ます調; 認証コード for the code; waits spelled out as 4分59秒, like Chinese.
    public static let japanese = SignUpStrings(translating: .english) { strings in
        strings.getCode = "認証コードを取得"
        strings.sending = "送信中…"
        strings.resend = "再送信"
        strings.retry = "再試行"
        strings.callMe = "電話で受け取る"
        strings.resendIn = { "再送信（\($0)秒）" }
        strings.retryIn = { "再試行（\($0)秒）" }
        strings.sendLabel = "認証コードを送信"
        strings.seconds = { "\($0)秒" }
        strings.secondsLeft = strings.seconds
        strings.minutes = { "\($0)分" }
        // `4:59後` would read as a time of day: minutes and seconds are spelled out.
        strings.waitClock = { seconds in
            let (minutes, rest) = (seconds / 60, seconds % 60)
            return minutes == 0 ? "\(rest)秒" : rest == 0 ? "\(minutes)分" : "\(minutes)分\(rest)秒"
        }
        strings.destinationLabel = "電話番号またはメールアドレス"
        strings.destinationPlaceholder = "+81 90-1234-5678 または name@example.com"
        strings.codeLabel = "認証コード"
        strings.codePlaceholder = { digits in "\(digits)桁のコード" }
        strings.passwordLabel = "パスワード"
        strings.passwordPlaceholder = { minimum in "\(minimum)文字以上" }
        strings.confirmationLabel = "パスワード（確認）"
        strings.confirmationPlaceholder = "もう一度パスワードを入力"
        strings.destinationProblem = { problem in
            switch problem {
            case .empty: "電話番号またはメールアドレスを入力してください"
            case .invalidEmail: "メールアドレスが正しくありません"
            case .numberTypeNotAccepted(let accepted):
                accepted.isDisjoint(with: [.mobile, .fixedLineOrMobile])
                    ? "この種類の番号にはコードを送信できません" : "携帯電話番号を入力してください"
            case .invalidChinaMobile: "中国本土の携帯電話番号は1から始まる11桁です"
            case .phone(.missingCountryCode(let example)):
                example.map { "国番号を追加してください（例：+\($0.callingCode)）" }
                    ?? "「+」から始まる国番号を追加してください"
            case .phone(.invalid): "電話番号が正しくありません"
            case .phone(.unknownCountryCode(let digits)): "+\(digits) から始まる国番号はありません"
            case .phone(.wrongLength(let code, let expected, let found)):
                "+\(code) の電話番号は国番号の後に"
                    + SignUpStrings.counts(expected, through: "〜", separator: "、", lastSeparator: "または")
                    + "桁必要です（入力は\(found)桁）"
            case .phone(.tooLong): "電話番号は最大15桁です"
            }
        }
        strings.landlineNotice = "固定電話の番号です。認証コードは電話でお知らせします"
        strings.codeSent = { "\($0) に認証コードを送信しました" }
        strings.codeCalled = { "認証コードをお伝えするため、\($0) に電話をかけています" }
        strings.requestError = { error, wait in
            switch error {
            case .network: "ネットワークエラーです。接続を確認して再試行してください"
            case .serviceUnavailable: "現在サービスを利用できません。しばらくしてから再試行してください"
            case .rateLimited:
                wait.map { "リクエストが多すぎます。\($0)後に再試行してください" }
                    ?? "リクエストが多すぎます。しばらくしてから再試行してください"
            case .invalidDestination: "この番号またはアドレスでは認証コードを受け取れません"
            case .channelRefused(.voice): "この番号には音声通話で認証コードを送信できません"
            case .channelRefused(.sms): "この番号にはSMSで認証コードを送信できません"
            case .channelRefused: "このメールアドレスには認証コードを送信できません"
            case .sendLimitReached:
                wait.map { "認証コードの送信回数が上限に達しました。\($0)後にもう一度お試しください" }
                    ?? "認証コードの送信回数が上限に達しました。時間をおいてもう一度お試しください"
            }
        }
        strings.sendLimit = { wait in
            wait.map { "認証コードの送信回数が上限に達しました。\($0)後にもう一度お試しください" }
                ?? "認証コードの送信回数が上限に達しました。時間をおいてもう一度お試しください"
        }
        strings.verify = "認証する"
        strings.verifying = "認証中…"
        strings.verified = "認証が完了しました"
        strings.codeExpiresIn = { "認証コードの有効期限まであと\($0)" }
        strings.checkError = { error, wait in
            switch error {
            case .wrongCode(let left): "認証コードが正しくありません。あと\(left)回入力できます"
            case .expired:
                wait.map { "認証コードの有効期限が切れました。\($0)後に新しいコードを取得できます" }
                    ?? "認証コードの有効期限が切れました。新しいコードを取得してください"
            case .superseded: "このコードは新しいコードに置き換えられました。最新のコードを入力してください"
            case .locked:
                wait.map { "間違ったコードの入力が多すぎます。\($0)後にもう一度お試しください" }
                    ?? "間違ったコードの入力が多すぎます。時間をおいてもう一度お試しください"
            case .rateLimited:
                wait.map { "試行回数が多すぎます。\($0)後にもう一度「認証する」をタップしてください" }
                    ?? "試行回数が多すぎます。しばらくしてからもう一度「認証する」をタップしてください"
            case .network: "ネットワークエラーです。「認証する」をタップして再試行してください"
            case .serviceUnavailable: "現在サービスを利用できません。「認証する」をタップして再試行してください"
            }
        }
        strings.codeReplaced = "新しい認証コードを送信しました。以前のコードは使用できません"
        strings.lockOver = "もう一度お試しいただけます"
        strings.enterCodeIfReceived = "認証コードが届いている場合は入力してください"
        strings.codeSentElsewhere = { destination in
            "認証コードは \(destination) に送信しました。この番号またはアドレス用のコードを取得してください"
        }
        strings.storeProblem = { problem in
            switch problem {
            case .notRestored: "保存されたカウントダウンを復元できませんでした"
            case .notSaved: "カウントダウンを保存できませんでした。アプリを再起動するとリセットされます"
            }
        }
        strings.canResendIn = { "\($0)後に新しい認証コードを取得できます" }
        strings.canResendNow = "新しい認証コードを取得できます"
        strings.passwordProblem = japanesePasswordProblem
        strings.strength = { strength in
            switch strength {
            case .weak: "パスワードの強度：弱"
            case .fair: "パスワードの強度：中"
            case .strong: "パスワードの強度：強"
            }
        }
        strings.passwordsDiffer = "パスワードが一致しません"
        strings.terms = "利用規約に同意します"
        strings.createAccount = "アカウントを作成"
        strings.creatingAccount = "アカウントを作成中…"
        strings.accountCreated = "アカウントを作成しました"
        strings.registrationError = { error in
            switch error {
            case .network: "ネットワークエラーです。もう一度お試しください"
            case .serviceUnavailable: "現在サービスを利用できません。しばらくしてからもう一度お試しください"
            case .accountExists: "このアカウントはすでに登録されています。ログインしてください"
            case .weakPassword(let problems):
                problems.first.map { "パスワードがサーバーで拒否されました。\(japanesePasswordProblem($0))" }
                    ?? "このパスワードはサーバーで拒否されました。別のパスワードを選んでください"
            case .proofRejected: "認証の有効期限が切れました。新しい認証コードを取得してください"
            }
        }
    }

    /// Why a password is refused, in Japanese: the form's own check and the server's reasons alike.
    private static func japanesePasswordProblem(_ problem: PasswordProblem) -> String {
        switch problem {
        case .tooShort(let minimum): "\(minimum)文字以上で入力してください"
        case .tooLong(let maximum): "\(maximum)文字以内で入力してください"
        case .common: "このパスワードはよく使われています。別のパスワードを選んでください"
        case .predictable: "同じ文字の繰り返しや連続した文字は避けてください"
        case .containsAccount: "パスワードにアカウント名を含めないでください"
        }
    }
}
