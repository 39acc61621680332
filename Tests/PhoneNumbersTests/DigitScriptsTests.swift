import PhoneNumbers
import Testing

/// A number typed in the digits of any script reads as libphonenumber reads it: each decimal
/// digit (general category Nd) as its ASCII value.
@Suite("digits of every script")
struct DigitScriptsTests {
    /// The zero of every run of ten decimal digits Unicode lists (as this Swift runtime knows
    /// them), ASCII's included.
    static let zeros: [Unicode.Scalar] = (0...0x10FFFF).compactMap { value in
        guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory == .decimalNumber,
            scalar.properties.numericValue == 0
        else { return nil }
        return scalar
    }

    /// `ascii` written in the digits whose zero is `zero`.
    static func written(_ ascii: String, from zero: Unicode.Scalar) -> String {
        String(
            String.UnicodeScalarView(
                ascii.unicodeScalars.map { scalar in
                    guard let digit = scalar.properties.numericValue, ("0"..."9").contains(scalar) else {
                        return scalar
                    }
                    return Unicode.Scalar(zero.value + UInt32(digit))!
                }))
    }

    @Test("every script's ten digits are contiguous, and each reads as its ASCII digit")
    func everyDigit() {
        // Swift 6.3's runtime knows 77 such runs (Unicode 14 listed 66); never fewer than 60.
        #expect(Self.zeros.count >= 60)
        for zero in Self.zeros {
            for value in 0...9 {
                let digit = Unicode.Scalar(zero.value + UInt32(value))!
                #expect(digit.properties.generalCategory == .decimalNumber)
                #expect(PhoneNumbering.dialableDigits(of: String(Character(digit))) == String(value))
            }
        }
        for named in [0x30, 0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xBE6, 0xE50, 0x1040, 0xFF10, 0x1D7CE] {
            #expect(Self.zeros.contains(Unicode.Scalar(UInt32(named))!))
        }
    }

    @Test("an Egyptian mobile typed in each script's digits: the same number, in ASCII")
    func egyptianMobile() {
        let parser = StandardPhoneNumberParser()
        for zero in Self.zeros {
            let typed = Self.written("010 0123 4567", from: zero)
            let digits = PhoneNumbering.dialableDigits(of: typed)
            #expect(digits == "01001234567", "U+\(String(zero.value, radix: 16, uppercase: true))")
            #expect(digits.map { parser.parse($0, region: PhoneRegion("EG")) } == .success("+201001234567"))
            #expect(PhoneNumbering.dialableDigits(of: Self.written("+20 100 123 4567", from: zero)) == "+201001234567")
        }
    }

    @Test(
        "as an Arabic, Persian or Hindi keyboard types it, a full-width plus, marks copied with the text",
        arguments: [
            ("٠١٠٠١٢٣٤٥٦٧", "01001234567"),
            ("\u{200F}+٢٠ ١٠٠ ١٢٣ ٤٥٦٧\u{200F}", "+201001234567"),
            ("\u{061C}٠١٠-٠١٢٣-٤٥٦٧", "01001234567"),
            ("۰۹۱۲ ۳۴۵ ۶۷۸۹", "09123456789"),
            ("०९८७६ ५४३२१०", "09876543210"),
            ("＋８６ １３８ １２３４ ５６７８", "+8613812345678"),
            // Scripts mixed, as a pasted number may be: each digit read on its own.
            ("٠1٠٠१२३४٥٦٧", "01001234567"),
        ])
    func keyboards(typed: String, digits: String) {
        #expect(PhoneNumbering.dialableDigits(of: typed) == digits)
    }

    @Test(
        "numbers that are no digits are not read as digits", arguments: ["01²3", "0①23", "0万23", "0Ⅻ23", "٠١\u{202E}٢"])
    func notDigits(typed: String) {
        #expect(PhoneNumbering.dialableDigits(of: typed) == nil)
    }
}
