import SignUpDomain
import Testing

/// The code field reads a keystroke, another script's digits and a whole pasted message alike.
@Suite("Reading a code out of what was typed or pasted")
struct CodeReadingTests {
    @Test(
        "typed digits, of any script, the first six",
        arguments: [
            ("", ""), ("12", "12"), ("１2-3 4567", "123456"), ("٤٨٢٩١٣", "482913"), ("۴۸۲۹۱۳", "482913"),
            ("४८२९१३", "482913"), ("๔๘๒๙๑๓", "482913"), ("1234567", "123456"), ("²12", "12"), ("⑩万3", "3"),
        ])
    func typed(text: String, code: String) {
        #expect(CodeReading.code(in: text, length: 6) == code)
    }

    @Test(
        "a pasted message: the origin-bound line's code, else the first run of six digits",
        arguments: [
            ("Your verification code is 482913. It expires in 10 minutes.", "482913"),
            ("It expires in 10 minutes. Your code: 482913", "482913"),
            ("Code 482913\nFA+9qCX9VSu\n@example.com #482913", "482913"),
            ("In 10 minutes: 7 attempts\n@example.com #482913\n", "482913"),
            ("Your code is 111111 2\n@example.com #482913", "482913"),
            ("رمز التحقق: \u{2068}٤٨٢٩١٣\u{2069}\n@example.com #٤٨٢٩١٣", "482913"),
            ("您的验证码是482913，10分钟内有效。", "482913"),
            // No run of exactly six: the digits in order, as typed.
            ("48 29 13 in 10 minutes", "482913"),
            // An origin-bound line of another length is not this code's.
            ("Code 482913\n@example.com #1234", "482913"),
        ])
    func pasted(text: String, code: String) {
        #expect(CodeReading.code(in: text, length: 6) == code)
    }

    @Test("a ten-digit code beside a hash that holds digits, and a length of zero")
    func lengths() {
        #expect(CodeReading.code(in: "Код: 0123456789\nAb1Cd2Ef3Gh", length: 10) == "0123456789")
        #expect(CodeReading.code(in: "123", length: 0) == "")
    }
}
