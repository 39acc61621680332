import Hourglass
import PhoneNumbers
import SignUp
import TestSupport
import Testing

/// The number field reads the digits of the user's own script (issue 48): what an Arabic,
/// Persian or Hindi keyboard types is the number, and everything kept or shown of it is ASCII.
@Suite("destinations typed in every script's digits")
struct DigitScriptDestinationTests {
    @Test(
        "the same destination and limit key, whatever digits typed it",
        arguments: [
            ("EG", "٠١٠٠١٢٣٤٥٦٧", "+201001234567"),
            ("EG", "\u{200F}+٢٠ ١٠٠ ١٢٣ ٤٥٦٧", "+201001234567"),
            ("IR", "۰۹۱۲ ۳۴۵ ۶۷۸۹", "+989123456789"),
            ("IN", "०९८७६ ५४३२१०", "+919876543210"),
            ("BD", "০১৭১২ ৩৪৫৬৭৮", "+8801712345678"),
            ("TH", "๐๘๑ ๒๓๔ ๕๖๗๘", "+66812345678"),
            ("CN", "１３８ １２３４ ５６７８", "+8613812345678"),
        ])
    func destination(region: String, typed: String, normalized: String) throws {
        let parsed = try Destination.parse(typed, region: PhoneRegion(region)).get()
        #expect(parsed == .phone(normalized))
        #expect(parsed.normalized == normalized)
        #expect(parsed.limitKey == normalized)
        #expect(parsed.masked.unicodeScalars.allSatisfy { $0.isASCII || $0 == "•" })
    }

    @Test("an Egyptian screen in Arabic takes ٠١٠٠١٢٣٤٥٦٧ and sends to +20 •• ••••4567")
    func arabicScreen() {
        let clock = VirtualClock()
        let model = VerificationViewModel(
            config: VerificationConfig(language: .arabic, region: PhoneRegion("EG")), clock: clock,
            service: ScriptedVerificationService(clock: clock))
        model.setDestination("٠١٠٠١٢٣٤٥٦٧")
        clock.advance(by: .zero)
        #expect(model.screen.destination.message == nil)
        #expect(model.screen.sendButton.isEnabled)
        model.tapSend()
        clock.advance(by: .seconds(1))
        #expect(model.screen.message == "تم إرسال الرمز إلى \u{2068}+20 •• ••••4567\u{2069}")
    }
}
