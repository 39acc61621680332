import PhoneNumbers
import SignUpDomain

extension SignUpStrings {
    /// Turkish (`tr`). Siz; a noun after a number stays singular (one = other); no suffix on a number.
    public static let turkish = SignUpStrings(translating: .english) { strings in
        strings.getCode = "Kod al"
        strings.sending = "Gönderiliyor…"
        strings.resend = "Tekrar gönder"
        strings.retry = "Tekrar dene"
        strings.callMe = "Beni ara"
        strings.resendIn = { seconds in
            turkishPlural.select(seconds, one: "Tekrar gönder (\(seconds) sn)", other: "Tekrar gönder (\(seconds) sn)")
        }
        strings.retryIn = { seconds in
            turkishPlural.select(seconds, one: "Tekrar dene (\(seconds) sn)", other: "Tekrar dene (\(seconds) sn)")
        }
        strings.sendLabel = "Kodu gönder"
        strings.seconds = { turkishPlural.select($0, one: "\($0) saniye", other: "\($0) saniye") }
        strings.secondsLeft = strings.seconds
        strings.minutes = { turkishPlural.select($0, one: "\($0) dakika", other: "\($0) dakika") }
        // Spelled out, as a sentence says a wait: "4 dakika 59 saniye sonra" (a clock would need a suffix).
        strings.waitClock = { seconds in
            let (minutes, rest) = (seconds / 60, seconds % 60)
            let minutesText = turkishPlural.select(minutes, one: "\(minutes) dakika", other: "\(minutes) dakika")
            let restText = turkishPlural.select(rest, one: "\(rest) saniye", other: "\(rest) saniye")
            return minutes == 0 ? restText : rest == 0 ? minutesText : "\(minutesText) \(restText)"
        }
        strings.destinationLabel = "Telefon veya e-posta"
        strings.destinationPlaceholder = "+90 532 123 45 67 veya ad@example.com"
        strings.codeLabel = "Doğrulama kodu"
        strings.codePlaceholder = { digits in
            turkishPlural.select(digits, one: "\(digits) haneli kod", other: "\(digits) haneli kod")
        }
        strings.passwordLabel = "Şifre"
        strings.passwordPlaceholder = { minimum in
            turkishPlural.select(minimum, one: "En az \(minimum) karakter", other: "En az \(minimum) karakter")
        }
        strings.confirmationLabel = "Şifre tekrarı"
        strings.confirmationPlaceholder = "Şifreyi tekrar girin"
        strings.destinationProblem = { problem in
            switch problem {
            case .empty: "Telefon numarası veya e-posta adresi girin"
            case .invalidEmail: "Bu e-posta adresi geçerli değil"
            case .numberTypeNotAccepted(let accepted):
                accepted.isDisjoint(with: [.mobile, .fixedLineOrMobile])
                    ? "Bu tür numaralara kod gönderilemez" : "Bir cep telefonu numarası girin"
            case .invalidChinaMobile: "Çin anakarası cep telefonu numaraları 1 ile başlar ve 11 hanelidir"
            case .phone(.missingCountryCode(let example)):
                example.map { "Ülke kodunu ekleyin, örneğin +\($0.callingCode)" }
                    ?? "+ ile başlayan ülke kodunu ekleyin"
            case .phone(.invalid): "Bu telefon numarası geçerli değil"
            case .phone(.unknownCountryCode(let digits)): "+\(digits) ile başlayan bir ülke kodu yok"
            case .phone(.wrongLength(let code, let expected, let found)):
                "+\(code) ile başlayan numaralar ülke kodundan sonra "
                    + SignUpStrings.counts(expected, through: "-", lastSeparator: " veya ")
                    + " hanelidir; girdiğiniz numara "
                    + turkishPlural.select(found, one: "\(found) haneli", other: "\(found) haneli")
            case .phone(.tooLong): "Telefon numarası en fazla 15 haneli olabilir"
            }
        }
        strings.landlineNotice = "Bu bir sabit hat numarası: Kod size telefon aramasıyla bildirilecek"
        strings.codeSent = { "Kod gönderildi: \($0)" }
        strings.codeCalled = { "Kodunuz için \($0) aranıyor" }
        strings.requestError = { error, wait in
            switch error {
            case .network: "Ağ hatası. Bağlantınızı kontrol edip tekrar deneyin"
            case .serviceUnavailable: "Hizmet şu anda kullanılamıyor. Biraz sonra tekrar deneyin"
            case .rateLimited: "Çok fazla istek gönderildi. \(wait ?? "Biraz") sonra tekrar deneyin"
            case .invalidDestination: "Bu numara veya adres kod alamıyor"
            case .channelRefused(.voice): "Bu numaraya sesli aramayla kod gönderilemiyor"
            case .channelRefused(.sms): "Bu numaraya SMS ile kod gönderilemiyor"
            case .channelRefused: "Bu e-posta adresine kod gönderilemiyor"
            case .sendLimitReached: "Çok fazla kod istendi. \(wait ?? "Daha") sonra tekrar deneyin"
            }
        }
        strings.sendLimit = { "Çok fazla kod istendi. \($0 ?? "Daha") sonra tekrar deneyin" }
        strings.verify = "Doğrula"
        strings.verifying = "Doğrulanıyor…"
        strings.verified = "Doğrulandı"
        strings.codeExpiresIn = { "Kodun süresi \($0) sonra dolacak" }
        strings.checkError = { error, wait in
            switch error {
            case .wrongCode(let left):
                turkishPlural.select(
                    left, one: "Kod yanlış. \(left) deneme hakkınız kaldı",
                    other: "Kod yanlış. \(left) deneme hakkınız kaldı")
            case .expired:
                wait.map { "Bu kodun süresi doldu. \($0) sonra yeni kod isteyebilirsiniz" }
                    ?? "Bu kodun süresi doldu. Yeni bir kod isteyin"
            case .superseded: "Bu kodun yerine daha yeni bir kod gönderildi. En son kodu girin"
            case .locked: "Çok fazla yanlış kod girildi. \(wait ?? "Daha") sonra tekrar deneyin"
            case .rateLimited: "Çok fazla deneme yapıldı. \(wait ?? "Biraz") sonra Doğrula'ya tekrar dokunun"
            case .network: "Ağ hatası. Tekrar denemek için Doğrula'ya dokunun"
            case .serviceUnavailable: "Hizmet şu anda kullanılamıyor. Tekrar denemek için Doğrula'ya dokunun"
            }
        }
        strings.codeReplaced = "Yeni bir kod gönderildi. Önceki kod artık geçersiz"
        strings.lockOver = "Şimdi tekrar deneyebilirsiniz"
        strings.enterCodeIfReceived = "Kod geldiyse girin"
        strings.codeSentElsewhere = { "Kod gönderildi: \($0). Yeni girdiğiniz numara veya adres için kod alın" }
        strings.storeProblem = { problem in
            switch problem {
            case .notRestored: "Kaydedilen geri sayım geri yüklenemedi"
            case .notSaved: "Geri sayım kaydedilemedi; uygulama yeniden başlatılırsa sıfırlanır"
            }
        }
        strings.canResendIn = { "\($0) sonra yeni kod isteyebilirsiniz" }
        strings.canResendNow = "Artık yeni kod isteyebilirsiniz"
        strings.passwordProblem = turkishPasswordProblem
        strings.strength = { strength in
            switch strength {
            case .weak: "Şifre gücü: zayıf"
            case .fair: "Şifre gücü: orta"
            case .strong: "Şifre gücü: güçlü"
            }
        }
        strings.passwordsDiffer = "Şifreler eşleşmiyor"
        strings.terms = "Hizmet Şartları'nı kabul ediyorum"
        strings.createAccount = "Hesap oluştur"
        strings.creatingAccount = "Hesap oluşturuluyor…"
        strings.accountCreated = "Hesap oluşturuldu"
        strings.registrationError = { error in
            switch error {
            case .network: "Ağ hatası. Tekrar deneyin"
            case .serviceUnavailable: "Hizmet şu anda kullanılamıyor. Daha sonra tekrar deneyin"
            case .accountExists: "Bu hesap zaten var. Giriş yapın"
            case .weakPassword(let problems):
                problems.first.map { "Sunucu bu şifreyi kabul etmedi. \(turkishPasswordProblem($0))" }
                    ?? "Sunucu bu şifreyi kabul etmedi. Başka bir şifre seçin"
            case .proofRejected: "Doğrulamanızın süresi doldu. Yeni bir kod alın"
            }
        }
    }

    /// The CLDR plural rule of Turkish (one, other).
    private static let turkishPlural = PluralRule(for: "tr")

    /// Why a password is refused, in Turkish: the form's own check and the server's reasons alike.
    private static func turkishPasswordProblem(_ problem: PasswordProblem) -> String {
        switch problem {
        case .tooShort(let minimum):
            turkishPlural.select(
                minimum, one: "En az \(minimum) karakter kullanın", other: "En az \(minimum) karakter kullanın")
        case .tooLong(let maximum):
            turkishPlural.select(
                maximum, one: "En fazla \(maximum) karakter kullanın", other: "En fazla \(maximum) karakter kullanın")
        case .common: "Bu şifre çok yaygın. Başka bir şifre seçin"
        case .predictable: "Tekrarlanan veya ardışık karakterler kullanmayın"
        case .containsAccount: "Şifrede hesap adınızı kullanmayın"
        }
    }
}
