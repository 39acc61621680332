import PhoneNumbers
import SignUpDomain

extension SignUpStrings {
    /// Hindi (`hi`). Everyday product Hindi with «आप» (वेरिफ़ाई, अकाउंट, कैरेक्टर); «।» between sentences.
    public static let hindi = SignUpStrings(translating: .english) { strings in
        strings.getCode = "कोड पाएं"
        strings.sending = "भेजा जा रहा है…"
        strings.resend = "फिर से भेजें"
        strings.retry = "फिर से कोशिश करें"
        strings.callMe = "मुझे कॉल करें"
        strings.resendIn = { "फिर से भेजें (\($0) सेकंड)" }
        strings.retryIn = { "फिर से कोशिश करें (\($0) सेकंड)" }
        strings.sendLabel = "कोड भेजें"
        // सेकंड and मिनट keep one form after a number («1 सेकंड», «42 सेकंड»); the rule still chooses.
        strings.seconds = { seconds in
            hindiPlural.select(seconds, one: "\(seconds) सेकंड", other: "\(seconds) सेकंड")
        }
        strings.secondsLeft = strings.seconds
        strings.minutes = { minutes in
            hindiPlural.select(minutes, one: "\(minutes) मिनट", other: "\(minutes) मिनट")
        }
        strings.waitClock = { seconds in "\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)" }
        strings.destinationLabel = "फ़ोन या ईमेल"
        strings.destinationPlaceholder = "+91 98765 43210 या name@example.com"
        strings.codeLabel = "वेरिफ़िकेशन कोड"
        strings.codePlaceholder = { digits in
            hindiPlural.select(digits, one: "\(digits) अंक का कोड", other: "\(digits) अंकों का कोड")
        }
        strings.passwordLabel = "पासवर्ड"
        strings.passwordPlaceholder = { minimum in
            hindiPlural.select(minimum, one: "कम से कम \(minimum) कैरेक्टर", other: "कम से कम \(minimum) कैरेक्टर")
        }
        strings.confirmationLabel = "पासवर्ड की पुष्टि करें"
        strings.confirmationPlaceholder = "पासवर्ड फिर से डालें"
        strings.destinationProblem = { problem in
            switch problem {
            case .empty: "फ़ोन नंबर या ईमेल पता डालें"
            case .invalidEmail: "यह ईमेल पता सही नहीं है"
            case .numberTypeNotAccepted(let accepted):
                accepted.isDisjoint(with: [.mobile, .fixedLineOrMobile])
                    ? "इस तरह के नंबर पर कोड नहीं भेजे जा सकते" : "मोबाइल नंबर डालें"
            case .invalidChinaMobile: "मेनलैंड चीन के मोबाइल नंबर में 11 अंक होते हैं और वह 1 से शुरू होता है"
            case .phone(.missingCountryCode(let example)):
                example.map { "देश का कोड जोड़ें, जैसे +\($0.callingCode)" } ?? "+ से शुरू होने वाला देश का कोड जोड़ें"
            case .phone(.invalid): "यह फ़ोन नंबर सही नहीं है"
            case .phone(.unknownCountryCode(let digits)): "+\(digits) से शुरू होने वाला कोई देश का कोड नहीं है"
            case .phone(.wrongLength(let code, let expected, let found)):
                "+\(code) वाले नंबर में देश के कोड के बाद \(hindiLengths(expected)), \(found) नहीं"
            case .phone(.tooLong): "फ़ोन नंबर में ज़्यादा से ज़्यादा 15 अंक हो सकते हैं"
            }
        }
        strings.landlineNotice = "यह लैंडलाइन नंबर है: आपको कॉल करके कोड बताया जाएगा"
        strings.codeSent = { "कोड \($0) पर भेजा गया" }
        strings.codeCalled = { "कोड बताने के लिए \($0) पर कॉल किया जा रहा है" }
        strings.requestError = { error, wait in
            switch error {
            case .network: "नेटवर्क में गड़बड़ी। अपना कनेक्शन जांचें और फिर से कोशिश करें"
            case .serviceUnavailable: "सेवा अभी उपलब्ध नहीं है। थोड़ी देर में फिर से कोशिश करें"
            case .rateLimited:
                "बहुत ज़्यादा अनुरोध किए गए। \(wait.map { "\($0) बाद" } ?? "थोड़ी देर में") फिर से कोशिश करें"
            case .invalidDestination: "इस नंबर या पते पर कोड नहीं भेजे जा सकते"
            case .channelRefused(.voice): "इस नंबर पर कॉल के ज़रिए कोड नहीं भेजे जा सकते"
            case .channelRefused(.sms): "इस नंबर पर SMS के ज़रिए कोड नहीं भेजे जा सकते"
            case .channelRefused: "इस ईमेल पते पर कोड नहीं भेजे जा सकते"
            case .sendLimitReached:
                "बहुत ज़्यादा कोड मांगे गए। \(wait ?? "कुछ देर") बाद फिर से कोशिश करें"
            }
        }
        strings.sendLimit = { wait in "बहुत ज़्यादा कोड मांगे गए। \(wait ?? "कुछ देर") बाद फिर से कोशिश करें" }
        strings.verify = "वेरिफ़ाई करें"
        strings.verifying = "वेरिफ़ाई हो रहा है…"
        strings.verified = "वेरिफ़ाई हो गया"
        strings.codeExpiresIn = { "कोड \($0) में एक्सपायर हो जाएगा" }
        strings.checkError = { error, wait in
            switch error {
            case .wrongCode(let left):
                "ग़लत कोड। "
                    + hindiPlural.select(left, one: "\(left) कोशिश बाकी है", other: "\(left) कोशिशें बाकी हैं")
            case .expired:
                wait.map { "यह कोड एक्सपायर हो गया है। आप \($0) बाद नया कोड मांग सकते हैं" }
                    ?? "यह कोड एक्सपायर हो गया है। नया कोड मांगें"
            case .superseded: "इस कोड की जगह नया कोड भेजा गया है। सबसे नया कोड डालें"
            case .locked: "कई बार ग़लत कोड डाला गया। \(wait ?? "कुछ देर") बाद फिर से कोशिश करें"
            case .rateLimited:
                "बहुत ज़्यादा कोशिशें की गईं। \(wait.map { "\($0) बाद" } ?? "थोड़ी देर में") "
                    + "फिर से “वेरिफ़ाई करें” पर टैप करें"
            case .network: "नेटवर्क में गड़बड़ी। फिर से कोशिश करने के लिए “वेरिफ़ाई करें” पर टैप करें"
            case .serviceUnavailable: "सेवा अभी उपलब्ध नहीं है। फिर से कोशिश करने के लिए “वेरिफ़ाई करें” पर टैप करें"
            }
        }
        strings.codeReplaced = "नया कोड भेजा गया। पिछला कोड अब काम नहीं करेगा"
        strings.lockOver = "अब आप फिर से कोशिश कर सकते हैं"
        strings.enterCodeIfReceived = "अगर कोड मिल गया है, तो उसे डालें"
        strings.codeSentElsewhere = { "कोड \($0) पर भेजा गया था। इस नंबर या पते के लिए कोड पाएं" }
        strings.storeProblem = { problem in
            switch problem {
            case .notRestored: "सेव किया गया काउंटडाउन वापस नहीं लाया जा सका"
            case .notSaved: "काउंटडाउन सेव नहीं हो सका; ऐप दोबारा शुरू करने पर यह नहीं रहेगा"
            }
        }
        strings.canResendIn = { "आप \($0) बाद नया कोड मांग सकते हैं" }
        strings.canResendNow = "अब आप नया कोड मांग सकते हैं"
        strings.passwordProblem = hindiPasswordProblem
        strings.strength = { strength in
            switch strength {
            case .weak: "पासवर्ड की मज़बूती: कमज़ोर"
            case .fair: "पासवर्ड की मज़बूती: ठीक-ठाक"
            case .strong: "पासवर्ड की मज़बूती: मज़बूत"
            }
        }
        strings.passwordsDiffer = "दोनों पासवर्ड मेल नहीं खाते"
        strings.terms = "मैं सेवा की शर्तों से सहमत हूं"
        strings.createAccount = "अकाउंट बनाएं"
        strings.creatingAccount = "अकाउंट बनाया जा रहा है…"
        strings.accountCreated = "अकाउंट बन गया"
        strings.registrationError = { error in
            switch error {
            case .network: "नेटवर्क में गड़बड़ी। फिर से कोशिश करें"
            case .serviceUnavailable: "सेवा अभी उपलब्ध नहीं है। कुछ देर बाद फिर से कोशिश करें"
            case .accountExists: "यह अकाउंट पहले से मौजूद है। इसके बजाय साइन इन करें"
            case .weakPassword(let problems):
                problems.first.map { "सर्वर ने यह पासवर्ड स्वीकार नहीं किया। \(hindiPasswordProblem($0))" }
                    ?? "सर्वर ने यह पासवर्ड स्वीकार नहीं किया। कोई दूसरा पासवर्ड चुनें"
            case .proofRejected: "आपका वेरिफ़िकेशन एक्सपायर हो गया है। नया कोड पाएं"
            }
        }
    }

    /// The CLDR plural rule of Hindi: one (0 and 1), other.
    private static let hindiPlural = PluralRule(for: "hi")

    /// Why a password is refused, in Hindi: the form's own check and the server's reasons alike.
    private static func hindiPasswordProblem(_ problem: PasswordProblem) -> String {
        switch problem {
        case .tooShort(let minimum):
            hindiPlural.select(
                minimum, one: "पासवर्ड में कम से कम \(minimum) कैरेक्टर होना चाहिए",
                other: "पासवर्ड में कम से कम \(minimum) कैरेक्टर होने चाहिए")
        case .tooLong(let maximum):
            hindiPlural.select(
                maximum, one: "पासवर्ड में ज़्यादा से ज़्यादा \(maximum) कैरेक्टर हो सकता है",
                other: "पासवर्ड में ज़्यादा से ज़्यादा \(maximum) कैरेक्टर हो सकते हैं")
        case .common: "यह पासवर्ड बहुत आम है। कोई दूसरा चुनें"
        case .predictable: "एक ही कैरेक्टर को बार-बार या क्रम से इस्तेमाल न करें"
        case .containsAccount: "पासवर्ड में अपने अकाउंट का नाम इस्तेमाल न करें"
        }
    }

    /// The lengths of `PhoneNumberProblem.wrongLength` with their verb: «10 अंक होते हैं», «8 से 11 अंक होते हैं»,
    /// «7, 9 या 10 अंक होते हैं»; the verb agrees with the last count.
    private static func hindiLengths(_ lengths: [Int]) -> String {
        let numbers = counts(lengths, through: " से ", lastSeparator: " या ")
        return hindiPlural.select(
            lengths.last ?? 0, one: "\(numbers) अंक होता है", other: "\(numbers) अंक होते हैं")
    }
}
