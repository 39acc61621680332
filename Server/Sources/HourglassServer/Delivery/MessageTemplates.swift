import Foundation
import SignUpDomain

/// The text of the message that carries a code, in the fifteen languages the screens speak, its
/// form for the lifetime's minutes chosen by CLDR's plural rule (`PluralRule`, as the screens
/// choose theirs). `{code}` and `{minutes}` are filled in; in Arabic they are isolated, so they
/// read left to right in the sentence.
enum MessageTemplates {
    /// Each language's forms, by plural category; `other` always.
    static let forms: [String: [PluralCategory: String]] = [
        "en": [
            .one: "Your verification code is {code}. It expires in {minutes} minute.",
            .other: "Your verification code is {code}. It expires in {minutes} minutes.",
        ],
        "zh-Hans": [.other: "您的验证码是{code}，{minutes}分钟内有效。"],
        "zh-Hant": [.other: "您的驗證碼為 {code}，{minutes} 分鐘內有效。"],
        "es": [
            .one: "Tu código de verificación es {code}. Expira en {minutes} minuto.",
            .many: "Tu código de verificación es {code}. Expira en {minutes} de minutos.",
            .other: "Tu código de verificación es {code}. Expira en {minutes} minutos.",
        ],
        "pt-BR": [
            .one: "Seu código de verificação é {code}. Ele expira em {minutes} minuto.",
            .many: "Seu código de verificação é {code}. Ele expira em {minutes} de minutos.",
            .other: "Seu código de verificação é {code}. Ele expira em {minutes} minutos.",
        ],
        "fr": [
            .one: "Votre code de vérification est {code}. Il expire dans {minutes} minute.",
            .many: "Votre code de vérification est {code}. Il expire dans {minutes} de minutes.",
            .other: "Votre code de vérification est {code}. Il expire dans {minutes} minutes.",
        ],
        "de": [
            .one: "Ihr Bestätigungscode lautet {code}. Er läuft in {minutes} Minute ab.",
            .other: "Ihr Bestätigungscode lautet {code}. Er läuft in {minutes} Minuten ab.",
        ],
        "it": [
            .one: "Il tuo codice di verifica è {code}. Scade tra {minutes} minuto.",
            .many: "Il tuo codice di verifica è {code}. Scade tra {minutes} di minuti.",
            .other: "Il tuo codice di verifica è {code}. Scade tra {minutes} minuti.",
        ],
        "ja": [.other: "認証コードは{code}です。{minutes}分間有効です。"],
        "ko": [.other: "인증번호는 {code}입니다. {minutes}분간 유효합니다."],
        "ar": [
            .zero: "رمز التحقق الخاص بك هو \u{2068}{code}\u{2069}. تنتهي صلاحيته بعد \u{2068}{minutes}\u{2069} دقيقة.",
            .one: "رمز التحقق الخاص بك هو \u{2068}{code}\u{2069}. تنتهي صلاحيته بعد دقيقة واحدة.",
            .two: "رمز التحقق الخاص بك هو \u{2068}{code}\u{2069}. تنتهي صلاحيته بعد دقيقتين.",
            .few: "رمز التحقق الخاص بك هو \u{2068}{code}\u{2069}. تنتهي صلاحيته بعد \u{2068}{minutes}\u{2069} دقائق.",
            .many: "رمز التحقق الخاص بك هو \u{2068}{code}\u{2069}. تنتهي صلاحيته بعد \u{2068}{minutes}\u{2069} دقيقة.",
            .other: "رمز التحقق الخاص بك هو \u{2068}{code}\u{2069}. تنتهي صلاحيته بعد \u{2068}{minutes}\u{2069} دقيقة.",
        ],
        "hi": [
            .one: "आपका वेरिफ़िकेशन कोड {code} है। यह {minutes} मिनट में एक्सपायर हो जाएगा।",
            .other: "आपका वेरिफ़िकेशन कोड {code} है। यह {minutes} मिनट में एक्सपायर हो जाएगा।",
        ],
        "ru": [
            .one: "Ваш код подтверждения: {code}. Он действует {minutes} минуту.",
            .few: "Ваш код подтверждения: {code}. Он действует {minutes} минуты.",
            .many: "Ваш код подтверждения: {code}. Он действует {minutes} минут.",
            .other: "Ваш код подтверждения: {code}. Он действует {minutes} минуты.",
        ],
        "id": [.other: "Kode verifikasi Anda adalah {code}. Kode ini kedaluwarsa dalam {minutes} menit."],
        "tr": [
            .one: "Doğrulama kodunuz: {code}. Kod {minutes} dakika geçerlidir.",
            .other: "Doğrulama kodunuz: {code}. Kod {minutes} dakika geçerlidir.",
        ],
    ]

    /// Each language's text without the minutes: an SMS whose full text, with its autofill
    /// lines, would take more than one segment takes this one (see ``message(code:minutes:language:autofill:)``).
    static let short: [String: String] = [
        "en": "Your verification code is {code}.",
        "zh-Hans": "您的验证码是{code}。",
        "zh-Hant": "您的驗證碼為 {code}。",
        "es": "Tu código es {code}.",
        "pt-BR": "Seu código é {code}.",
        "fr": "Votre code est {code}.",
        "de": "Ihr Code lautet {code}.",
        "it": "Il tuo codice è {code}.",
        "ja": "認証コードは{code}です。",
        "ko": "인증번호는 {code}입니다.",
        "ar": "رمز التحقق: \u{2068}{code}\u{2069}",
        "hi": "आपका कोड {code} है।",
        "ru": "Код подтверждения: {code}",
        "id": "Kode verifikasi Anda: {code}",
        "tr": "Doğrulama kodunuz: {code}",
    ]

    /// Each language's words for a call (`CodeChannel.voice`): `{code}` is the code's digits
    /// apart (``digitPause``), said twice, so that speech reads them one by one. In Arabic the
    /// digits are isolated, so they read left to right.
    static let spoken: [String: String] = [
        "en": "Your verification code is {code}. Once again: {code}.",
        "zh-Hans": "您的验证码是{code}。重复一遍：{code}。",
        "zh-Hant": "您的驗證碼是{code}。再重複一次：{code}。",
        "es": "Tu código de verificación es {code}. Repito: {code}.",
        "pt-BR": "Seu código de verificação é {code}. Repetindo: {code}.",
        "fr": "Votre code de vérification est {code}. Je répète\u{00A0}: {code}.",
        "de": "Ihr Bestätigungscode lautet {code}. Noch einmal: {code}.",
        "it": "Il codice di verifica è {code}. Ripeto: {code}.",
        "ja": "認証コードは{code}です。繰り返します。{code}です。",
        "ko": "인증번호는 {code}입니다. 다시 한번 알려 드립니다. {code}입니다.",
        "ar": "رمز التحقق الخاص بك هو \u{2068}{code}\u{2069}. أكرر: \u{2068}{code}\u{2069}.",
        "hi": "आपका वेरिफ़िकेशन कोड {code} है। एक बार फिर से: {code}।",
        "ru": "Ваш код подтверждения: {code}. Повторяю: {code}.",
        "id": "Kode verifikasi Anda adalah {code}. Sekali lagi: {code}.",
        "tr": "Doğrulama kodunuz {code}. Tekrar ediyorum: {code}.",
    ]

    /// What goes between two digits of a spoken code, in each language: a comma, or the
    /// ideographic one (`、`, `，`), which speech reads as a short pause.
    static let digitPause: [String: String] = [
        "en": ", ",
        "zh-Hans": "，",
        "zh-Hant": "，",
        "es": ", ",
        "pt-BR": ", ",
        "fr": ", ",
        "de": ", ",
        "it": ", ",
        "ja": "、",
        "ko": ", ",
        "ar": "، ",
        "hi": ", ",
        "ru": ", ",
        "id": ", ",
        "tr": ", ",
    ]

    /// The languages of ``forms``: the screens' (`LanguageTags.builtIn`), in their order.
    static let languages = LanguageTags.builtIn

    /// The language of `forms` that an `Accept-Language` list asks for, best first by its
    /// weights (`q`), each tag matched as the screens match one (`LanguageTags`: `es-MX` is
    /// `es`, `pt-PT` `pt-BR`, `zh-TW` `zh-Hant`). English when none is spoken.
    static func language(accepting header: String?) -> String {
        let wanted = (header ?? "").split(separator: ",").enumerated().compactMap {
            index, item -> (String, Double, Int)? in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, !tag.isEmpty, tag.count <= 35 else { return nil }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return weight > 0 ? (tag.lowercased().replacingOccurrences(of: "_", with: "-"), weight, index) : nil
        }
        for (tag, _, _) in wanted.sorted(by: { ($0.1, -$0.2) > ($1.1, -$1.2) }) {
            if let found = LanguageTags.match(tag, among: languages) { return found }
        }
        return "en"
    }

    /// The message carrying `code` that lives `minutes`, in `language` (one of ``forms``).
    static func text(code: String, minutes: Int, language: String) -> String {
        MessageTexts.builtIn.text(code: code, minutes: minutes, language: language)
    }

    /// The built-in message (see ``MessageTexts/message(code:minutes:language:autofill:)``).
    static func message(code: String, minutes: Int, language: String, autofill: CodeAutofill?) -> String {
        MessageTexts.builtIn.message(code: code, minutes: minutes, language: language, autofill: autofill)
    }
}
