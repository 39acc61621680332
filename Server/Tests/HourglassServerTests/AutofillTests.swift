import Foundation
import HummingbirdTesting
import SignUp
import Testing

@testable import HourglassServer

/// Codes that fill themselves in, in one SMS segment: the origin-bound line and the Android
/// app's hash, every language's text counted by GSM 03.38, the segments in the outbox line and
/// the webhook's payload, and the code field reading every message back.
@Suite("Autofill lines and SMS segments")
struct AutofillTests {
    static let autofill = CodeAutofill(origin: "example.com", androidAppHash: "FA+9qCX9VSu")

    @Test("GSM 03.38: the basic table, the extension's two septets, UCS-2 past it, 160/70 a segment, then 153/67")
    func counting() {
        let cases: [(String, SMSLength.Encoding, Int, Int)] = [
            ("", .gsm7, 0, 1), (String(repeating: "a", count: 160), .gsm7, 160, 1),
            (String(repeating: "a", count: 161), .gsm7, 161, 2), (String(repeating: "a", count: 307), .gsm7, 307, 3),
            (String(repeating: "€", count: 80), .gsm7, 160, 1), (String(repeating: "€", count: 81), .gsm7, 162, 2),
            ("Ihr Bestätigungscode lautet 1234. Er läuft in 10 Minuten ab.\n@a.de #1234", .gsm7, 72, 1),
            ("{[~]}|^\\", .gsm7, 16, 1), ("ç", .ucs2, 1, 1), (String(repeating: "ç", count: 70), .ucs2, 70, 1),
            (String(repeating: "ç", count: 71), .ucs2, 71, 2), (String(repeating: "ğ", count: 135), .ucs2, 135, 3),
            ("😀", .ucs2, 2, 1), ("a\u{2068}1\u{2069}", .ucs2, 4, 1),
        ]
        for (text, encoding, units, segments) in cases {
            let length = SMSLength(text)
            #expect(
                length.encoding == encoding && length.units == units && length.segments == segments,
                "\(text.prefix(12)): \(length)")
        }
    }

    @Test("the lines: the hash on a line of its own, the origin-bound line last")
    func lines() throws {
        #expect(Self.autofill.lines(code: "123456") == "\nFA+9qCX9VSu\n@example.com #123456")
        #expect(CodeAutofill(origin: "example.com").lines(code: "42") == "\n@example.com #42")
        #expect(CodeAutofill().lines(code: "42") == "")
        #expect(try CodeAutofill(origin: "Login.Example.COM").validated().origin == "login.example.com")
        #expect(try CodeAutofill(origin: "xn--bcher-kva.de").validated().origin == "xn--bcher-kva.de")
    }

    @Test(
        "a malformed domain or hash is refused, naming the option",
        arguments: [
            CodeAutofill(origin: "https://example.com"), CodeAutofill(origin: "example.com:443"),
            CodeAutofill(origin: "example.com/login"), CodeAutofill(origin: "bücher.de"), CodeAutofill(origin: ""),
            CodeAutofill(origin: "-a.example.com"), CodeAutofill(origin: "a..example.com"),
            CodeAutofill(origin: "example.com."), CodeAutofill(origin: String(repeating: "a", count: 64) + ".com"),
            CodeAutofill(androidAppHash: "FA+9qCX9VS"), CodeAutofill(androidAppHash: "FA+9qCX9VSu1"),
            CodeAutofill(androidAppHash: "FA+9qCX9VS="), CodeAutofill(androidAppHash: "FA-9qCX9VSu"),
        ])
    func refused(autofill: CodeAutofill) {
        #expect {
            _ = try autofill.validated()
        } throws: { error in
            guard case .invalidOption(let message) = error as? ServerSetupError else { return false }
            return message.contains(autofill.origin == nil ? "(--android-app-hash)" : "(--otp-origin)")
        }
        #expect(throws: ServerSetupError.self) {
            var configuration = ServerConfiguration()
            configuration.autofill = autofill
            _ = try configuration.validated()
        }
    }

    @Test(
        "every language, every plural form, a 10-digit code and both lines: one segment, the lines last",
        arguments: MessageTemplates.languages)
    func oneSegment(language: String) throws {
        let code = "0123456789"
        let rule = PluralRule(for: language)
        // The longest count of minutes of each form a lifetime can give (1 to 1 440).
        var samples: [PluralCategory: Int] = [:]
        for minutes in 1...1_440 { samples[rule.category(for: minutes)] = minutes }
        #expect(!samples.isEmpty)
        for minutes in samples.values.sorted() {
            let text = MessageTemplates.message(
                code: code, minutes: minutes, language: language, autofill: Self.autofill)
            #expect(SMSLength(text).segments == 1, "\(language), \(minutes) minutes: \(SMSLength(text))")
            #expect(text.hasSuffix("\nFA+9qCX9VSu\n@example.com #0123456789"))
            #expect(CodeReading.code(in: text, length: 10) == code)
            // Without the lines too, and as an e-mail (the full text, no lines).
            let plain = MessageTemplates.message(
                code: code, minutes: minutes, language: language, autofill: CodeAutofill())
            #expect(SMSLength(plain).segments == 1, "\(language), \(minutes) minutes, no lines: \(SMSLength(plain))")
            let email = MessageTemplates.message(code: code, minutes: minutes, language: language, autofill: nil)
            #expect(email == MessageTemplates.text(code: code, minutes: minutes, language: language))
        }
    }

    @Test("the fullest text that fits: English keeps its minutes, Russian and Arabic take the short text")
    func fullestThatFits() {
        let english = MessageTemplates.message(code: "482913", minutes: 10, language: "en", autofill: Self.autofill)
        #expect(
            english == "Your verification code is 482913. It expires in 10 minutes.\nFA+9qCX9VSu\n@example.com #482913")
        let russian = MessageTemplates.message(code: "482913", minutes: 10, language: "ru", autofill: Self.autofill)
        #expect(russian == "Код подтверждения: 482913\nFA+9qCX9VSu\n@example.com #482913")
        let arabic = MessageTemplates.message(code: "482913", minutes: 10, language: "ar", autofill: Self.autofill)
        #expect(arabic == "رمز التحقق: \u{2068}482913\u{2069}\nFA+9qCX9VSu\n@example.com #482913")
        // Without lines, the full text fits.
        #expect(
            MessageTemplates.message(code: "482913", minutes: 10, language: "ru", autofill: CodeAutofill())
                == "Ваш код подтверждения: 482913. Он действует 10 минут.")
    }

    @Test("the code field reads every language's message, in every script's digits")
    func codeFieldReadsEveryMessage() {
        let zeros: [UInt32] = [0x30, 0x660, 0x6F0, 0x966, 0x9E6, 0xE50, 0xFF10]  // ASCII, Arabic, Persian, …
        for language in MessageTemplates.languages {
            for autofill in [Self.autofill, CodeAutofill(), nil] {
                let text = MessageTemplates.message(code: "482913", minutes: 10, language: language, autofill: autofill)
                for zero in zeros {
                    let shown = String(
                        String.UnicodeScalarView(
                            text.unicodeScalars.map { scalar in
                                guard
                                    let digit = scalar.properties.numericType == .decimal
                                        ? scalar.properties.numericValue : nil, scalar.isASCII
                                else { return scalar }
                                return Unicode.Scalar(zero + UInt32(digit))!
                            }))
                    #expect(CodeReading.code(in: shown, length: 6) == "482913", "\(language): \(shown)")
                }
            }
        }
    }

    @Test("a domain too long for one segment is refused at start, naming the language and its units")
    func domainTooLong() {
        var configuration = ServerConfiguration()
        configuration.rules.codeLength = 10
        configuration.autofill = CodeAutofill(origin: "accounts.login.example.com", androidAppHash: "FA+9qCX9VSu")
        #expect(
            throws: ServerSetupError.invalidOption(
                "with the origin (--otp-origin) accounts.login.example.com and a 10-digit code, the es text takes 76 of the 70 UCS-2 units of one SMS segment: choose a shorter domain"
            )
        ) { _ = try configuration.validated() }
        configuration.rules.codeLength = 6
        configuration.autofill.origin = "login.example.com"
        #expect((try? configuration.validated()) != nil)
    }

    @Test("the outbox line and the webhook's payload carry the segments; an e-mail has none")
    func segmentsInTheOutbox() async throws {
        var server = try ServerHarness(.sqlite)
        server.configuration.autofill = Self.autofill
        let phone = ServerHarness.newPhone()
        let email = ServerHarness.newEmail()
        let harness = server
        try await harness.run { client in
            let texted = try await client.post("/v1/codes", ["destination": phone], from: harness.address)
            let mailed = try await client.post("/v1/codes", ["destination": email], from: harness.address)
            #expect(texted.status == 200 && mailed.status == 200)
        }
        let lines = try String(contentsOf: server.folder.appendingPathComponent("outbox.jsonl"), encoding: .utf8)
        let messages = lines.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let sms = try #require(messages.first { $0["destination"] as? String == phone })
        let code = try #require(sms["code"] as? String)
        #expect(sms["segments"] as? Int == 1)
        #expect(
            sms["text"] as? String
                == "Your verification code is \(code). It expires in 10 minutes.\nFA+9qCX9VSu\n@example.com #\(code)")
        let mail = try #require(messages.first { $0["destination"] as? String == email })
        #expect(mail["segments"] == nil && (mail["text"] as? String)?.contains("@example.com #") == false)
    }
}
