import PhoneNumbers
import SignUpDomain

extension SignUpStrings {
    /// Arabic (`ar`). Modern Standard Arabic; requests as يُرجى and a verbal noun, so no gender is assumed.
    public static let arabic = SignUpStrings(translating: .english) { strings in
        strings.getCode = "الحصول على رمز"
        strings.sending = "جارٍ الإرسال…"
        strings.resend = "إعادة الإرسال"
        strings.retry = "إعادة المحاولة"
        strings.callMe = "اتصل بي"
        // Only the digits are isolated: with ث inside, the isolate would read right to left.
        strings.resendIn = { "إعادة الإرسال (\(isolated("\($0)")) ث)" }
        strings.retryIn = { "إعادة المحاولة (\(isolated("\($0)")) ث)" }
        strings.sendLabel = "إرسال الرمز"
        // Every wait follows بعد ("in"), so the dual is the genitive one: ثانيتين, دقيقتين.
        strings.seconds = { seconds in
            let number = isolated("\(seconds)")
            return arabicPlural.select(
                seconds, zero: "\(number) ثانية", one: "ثانية واحدة", two: "ثانيتين", few: "\(number) ثوانٍ",
                many: "\(number) ثانية", other: "\(number) ثانية")
        }
        // Standing alone, the nominative dual: ثانيتان, not بعد ثانيتين.
        strings.secondsLeft = { seconds in
            let number = isolated("\(seconds)")
            return arabicPlural.select(
                seconds, zero: "\(number) ثانية", one: "ثانية واحدة", two: "ثانيتان", few: "\(number) ثوانٍ",
                many: "\(number) ثانية", other: "\(number) ثانية")
        }
        strings.minutes = { minutes in
            let number = isolated("\(minutes)")
            return arabicPlural.select(
                minutes, zero: "\(number) دقيقة", one: "دقيقة واحدة", two: "دقيقتين", few: "\(number) دقائق",
                many: "\(number) دقيقة", other: "\(number) دقيقة")
        }
        // A clock reads left to right in Arabic too. Every wait (this clock, `seconds`,
        // `minutes`) isolates its own digits, so a sentence holds a wait as it is.
        strings.waitClock = { seconds in isolated("\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)") }
        strings.destinationLabel = "رقم الهاتف أو البريد الإلكتروني"
        strings.destinationPlaceholder = "\(isolated("+966 50 123 4567")) أو \(isolated("name@example.com"))"
        strings.codeLabel = "رمز التحقق"
        strings.codePlaceholder = { digits in "رمز مكوّن من \(arabicDigits(Int(digits)))" }
        strings.passwordLabel = "كلمة المرور"
        strings.passwordPlaceholder = { minimum in "\(arabicCharacters(Int(minimum))) على الأقل" }
        strings.confirmationLabel = "تأكيد كلمة المرور"
        strings.confirmationPlaceholder = "يُرجى إعادة إدخال كلمة المرور"
        strings.destinationProblem = { problem in
            switch problem {
            case .empty: "يُرجى إدخال رقم هاتف أو عنوان بريد إلكتروني"
            case .invalidEmail: "عنوان البريد الإلكتروني هذا غير صالح"
            case .numberTypeNotAccepted(let accepted):
                accepted.isDisjoint(with: [.mobile, .fixedLineOrMobile])
                    ? "لا يمكن إرسال رموز إلى هذا النوع من الأرقام" : "أدخل رقم هاتف محمول"
            case .invalidChinaMobile:
                "يتكون رقم الجوال في الصين القارية من \(isolated("11")) رقمًا ويبدأ بالرقم \(isolated("1"))"
            case .phone(.missingCountryCode(let example)):
                example.map { "يُرجى إضافة رمز الدولة، مثل \(isolated("+\($0.callingCode)"))" }
                    ?? "يُرجى إضافة رمز الدولة مسبوقًا بالعلامة \(isolated("+"))"
            case .phone(.invalid): "رقم الهاتف هذا غير صالح"
            case .phone(.unknownCountryCode(let digits)): "لا يوجد رمز دولة يبدأ بـ\(isolated("+\(digits)"))"
            case .phone(.wrongLength(let code, let expected, let found)):
                "يتكون رقم الهاتف برمز \(isolated("+\(code)")) من \(arabicLengths(expected)) بعد رمز الدولة، "
                    + "وليس \(isolated("\(found)"))"
            case .phone(.tooLong): "يتكون رقم الهاتف من \(isolated("15")) رقمًا على الأكثر"
            }
        }
        strings.landlineNotice = "هذا رقم هاتف أرضي: ستتلقى رمز التحقق عبر مكالمة هاتفية"
        strings.codeSent = { "تم إرسال الرمز إلى \(isolated($0))" }
        strings.codeCalled = { "جارٍ الاتصال بالرقم \(isolated($0)) لإبلاغك برمز التحقق" }
        strings.requestError = { error, wait in
            switch error {
            case .network: "خطأ في الشبكة. يُرجى التحقق من الاتصال وإعادة المحاولة"
            case .serviceUnavailable: "الخدمة غير متاحة حاليًا. يُرجى إعادة المحاولة بعد قليل"
            case .rateLimited:
                "عدد كبير جدًا من الطلبات. يُرجى إعادة المحاولة بعد \(wait ?? "قليل")"
            case .invalidDestination: "لا يمكن إرسال رموز إلى هذا الرقم أو العنوان"
            case .channelRefused(.voice): "لا يمكن إرسال رموز التحقق إلى هذا الرقم عبر مكالمة هاتفية"
            case .channelRefused(.sms): "لا يمكن إرسال رموز التحقق إلى هذا الرقم عبر رسالة نصية"
            case .channelRefused: "لا يمكن إرسال رموز التحقق إلى عنوان البريد الإلكتروني هذا"
            case .sendLimitReached:
                "تم طلب عدد كبير جدًا من الرموز. يُرجى المحاولة مرة أخرى "
                    + (wait.map { "بعد \($0)" } ?? "لاحقًا")
            }
        }
        strings.sendLimit = { wait in
            "تم طلب عدد كبير جدًا من الرموز. يُرجى المحاولة مرة أخرى "
                + (wait.map { "بعد \($0)" } ?? "لاحقًا")
        }
        strings.verify = "تحقّق"
        strings.verifying = "جارٍ التحقق…"
        strings.verified = "تم التحقق"
        strings.codeExpiresIn = { "تنتهي صلاحية الرمز بعد \($0)" }
        strings.checkError = { error, wait in
            switch error {
            case .wrongCode(let left):
                "الرمز غير صحيح. "
                    + arabicPlural.select(
                        left, zero: "لم تتبقَّ أي محاولة", one: "تبقّت محاولة واحدة", two: "تبقّت محاولتان",
                        few: "تبقّت \(isolated("\(left)")) محاولات", many: "تبقّت \(isolated("\(left)")) محاولة",
                        other: "تبقّت \(isolated("\(left)")) محاولة")
            case .expired:
                wait.map { "انتهت صلاحية هذا الرمز. يمكنك طلب رمز جديد بعد \($0)" }
                    ?? "انتهت صلاحية هذا الرمز. يُرجى طلب رمز جديد"
            case .superseded: "تم استبدال هذا الرمز برمز أحدث. يُرجى إدخال أحدث رمز"
            case .locked:
                "تم إدخال رموز خاطئة مرات كثيرة جدًا. يُرجى المحاولة مرة أخرى "
                    + (wait.map { "بعد \($0)" } ?? "لاحقًا")
            case .rateLimited:
                "عدد كبير جدًا من المحاولات. يُرجى النقر على «تحقّق» مرة أخرى بعد "
                    + (wait ?? "قليل")
            case .network: "خطأ في الشبكة. يُرجى النقر على «تحقّق» لإعادة المحاولة"
            case .serviceUnavailable: "الخدمة غير متاحة حاليًا. يُرجى النقر على «تحقّق» لإعادة المحاولة"
            }
        }
        strings.codeReplaced = "تم إرسال رمز جديد. لم يعد الرمز السابق صالحًا"
        strings.lockOver = "يمكنك المحاولة مرة أخرى الآن"
        strings.enterCodeIfReceived = "إذا وصل رمز، يُرجى إدخاله"
        strings.codeSentElsewhere = { "تم إرسال الرمز إلى \(isolated($0)). يُرجى طلب رمز لهذا الرقم أو العنوان" }
        strings.storeProblem = { problem in
            switch problem {
            case .notRestored: "تعذّرت استعادة العد التنازلي المحفوظ"
            case .notSaved: "تعذّر حفظ العد التنازلي، ولن يبقى بعد إعادة التشغيل"
            }
        }
        strings.canResendIn = { "يمكنك طلب رمز جديد بعد \($0)" }
        strings.canResendNow = "يمكنك طلب رمز جديد الآن"
        strings.passwordProblem = arabicPasswordProblem
        strings.strength = { strength in
            switch strength {
            case .weak: "قوة كلمة المرور: ضعيفة"
            case .fair: "قوة كلمة المرور: متوسطة"
            case .strong: "قوة كلمة المرور: قوية"
            }
        }
        strings.passwordsDiffer = "كلمتا المرور غير متطابقتين"
        strings.terms = "أوافق على شروط الخدمة"
        strings.createAccount = "إنشاء حساب"
        strings.creatingAccount = "جارٍ إنشاء الحساب…"
        strings.accountCreated = "تم إنشاء الحساب"
        strings.registrationError = { error in
            switch error {
            case .network: "خطأ في الشبكة. يُرجى المحاولة مرة أخرى"
            case .serviceUnavailable: "الخدمة غير متاحة حاليًا. يُرجى المحاولة مرة أخرى لاحقًا"
            case .accountExists: "هذا الحساب موجود بالفعل. يُرجى تسجيل الدخول بدلًا من ذلك"
            case .weakPassword(let problems):
                problems.first.map { "رفض الخادم كلمة المرور هذه. \(arabicPasswordProblem($0))" }
                    ?? "رفض الخادم كلمة المرور هذه. يُرجى اختيار كلمة مرور أخرى"
            case .proofRejected: "انتهت صلاحية التحقق. يُرجى طلب رمز جديد"
            }
        }
    }

    /// The CLDR plural rule of Arabic: zero, one, two, few (3–10, 103–110…), many (11–99, 111–199…), other.
    private static let arabicPlural = PluralRule(for: "ar")

    /// Why a password is refused, in Arabic: the form's own check and the server's reasons alike.
    private static func arabicPasswordProblem(_ problem: PasswordProblem) -> String {
        switch problem {
        case .tooShort(let minimum): "يُرجى استخدام \(arabicCharacters(minimum)) على الأقل"
        case .tooLong(let maximum): "يُرجى استخدام \(arabicCharacters(maximum)) على الأكثر"
        case .common: "كلمة المرور هذه شائعة جدًا. يُرجى اختيار كلمة مرور أخرى"
        case .predictable: "يُرجى تجنّب الأحرف المكررة أو المتتالية"
        case .containsAccount: "يُرجى عدم استخدام اسم الحساب في كلمة المرور"
        }
    }

    /// A number of characters, as it follows a verbal noun or stands alone: "حرفين", "8 أحرف", "12 حرفًا".
    private static func arabicCharacters(_ count: Int) -> String {
        let number = isolated("\(count)")
        return arabicPlural.select(
            count, zero: "\(number) حرف", one: "حرف واحد", two: "حرفين", few: "\(number) أحرف",
            many: "\(number) حرفًا", other: "\(number) حرف")
    }

    /// A number of digits, after من: "رقمين", "6 أرقام", "11 رقمًا".
    private static func arabicDigits(_ count: Int) -> String {
        let number = isolated("\(count)")
        return arabicPlural.select(
            count, zero: "\(number) رقم", one: "رقم واحد", two: "رقمين", few: "\(number) أرقام",
            many: "\(number) رقمًا", other: "\(number) رقم")
    }

    /// The lengths of `PhoneNumberProblem.wrongLength`, after من: "10 أرقام", "8 إلى 11 رقمًا",
    /// "7، 9 أو 10 أرقام"; the noun takes the form of the last count, which it follows.
    private static func arabicLengths(_ lengths: [Int]) -> String {
        guard lengths.count > 1, let last = lengths.last else { return arabicDigits(lengths.first ?? 0) }
        // Each number isolated on its own, the Arabic words between them not.
        let numbers = isolated(
            counts(
                lengths, through: "\u{2069} إلى \u{2068}", separator: "\u{2069}، \u{2068}",
                lastSeparator: "\u{2069} أو \u{2068}"))
        let noun = arabicPlural.select(
            last, zero: "رقم", one: "رقم", two: "رقم", few: "أرقام", many: "رقمًا", other: "رقم")
        return "\(numbers) \(noun)"
    }
}
