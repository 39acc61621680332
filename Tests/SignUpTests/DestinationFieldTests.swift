import Hourglass
import PhoneNumbers
import SignUp
import Testing

/// The destination field formats a number as it is typed and keeps the caret after the same
/// digit; a delete after a separator deletes the digit before it; an e-mail is left as typed.
@Suite("The destination field, formatted as typed")
struct DestinationFieldTests {
    static let egypt = PhoneRegion("EG")
    static let us = PhoneRegion("US")

    @Test("typed digit by digit at the end: the caret stays at the end")
    func typing() {
        var field = DestinationField(region: Self.us)
        var shown: [String] = []
        for digit in "6502530000" {
            field.replace(field.caret..<field.caret, with: String(digit))
            shown.append(field.text)
            #expect(field.caret == field.text.count)
        }
        #expect(
            shown == [
                "6", "65", "650", "650-2", "650-25", "650-253", "650-2530", "(650) 253-00", "(650) 253-000",
                "(650) 253-0000",
            ])
    }

    @Test("a paste is formatted at once; the typed separators are dropped; an Arabic keyboard's digits read")
    func paste() {
        var field = DestinationField(region: Self.egypt)
        field.replace(0..<0, with: "010-0123-4567")
        #expect(field.text == "010 01234567" && field.caret == 12)
        var arabic = DestinationField(text: "\u{200F}٠١٠٠١٢٣٤٥٦٧", region: Self.egypt)
        #expect(arabic.text == "010 01234567" && arabic.caret == 12)
        arabic.replace(0..<12, with: "+442079460018")
        #expect(arabic.text == "+44 20 7946 0018" && arabic.caret == 16)
    }

    @Test("a digit typed in the middle: the caret stays after it, whatever the separators do")
    func middle() {
        var field = DestinationField(text: "650253000", region: Self.us)
        #expect(field.text == "(650) 253-000")
        field.moveCaret(to: 4)  // after "(650"
        field.replace(4..<4, with: "0")
        #expect(field.text == "(650) 025-3000")
        // After 6, 5, 0, 0: four digits, then the caret.
        #expect(field.caret == 7)
    }

    @Test("a platform field's own edit, its caret where the field put it: formatted, the caret after the same digits")
    func platformEdit() {
        let field = DestinationField(text: "6502530000", caret: 3, region: Self.us)  // typed 650|2530000
        #expect(field.text == "(650) 253-0000" && field.caret == 4)
    }

    @Test("the delete key after a separator deletes the digit before it")
    func deleteAfterSeparator() {
        var field = DestinationField(text: "6502530000", region: Self.us)
        #expect(field.text == "(650) 253-0000")
        field.moveCaret(to: 6)  // after "(650) "
        field.deleteBackward()
        #expect(field.text == "(652) 530-000" && field.caret == 3)
        field.moveCaret(to: 1)  // after "(": nothing but a separator before
        field.deleteBackward()
        #expect(field.text == "(652) 530-000" && field.caret == 1)
    }

    @Test("an e-mail address is left as typed, its caret where it was put")
    func email() {
        var field = DestinationField(region: Self.us)
        field.replace(0..<0, with: "ann@example.com")
        #expect(field.text == "ann@example.com" && field.caret == 15)
        field.moveCaret(to: 3)
        field.deleteBackward()
        #expect(field.text == "an@example.com" && field.caret == 2)
        #expect(DestinationField.formatted("555 0100 ext", region: Self.us) == "555 0100 ext")
    }

    @Test("typed at the end the formatter only takes the new digit; any edit shows what typing it whole shows")
    func incremental() {
        let numbers: [(String, PhoneRegion?)] = [
            ("6502530000", Self.us), ("01001234567", Self.egypt), ("+442079460018", nil),
            ("13812345678", PhoneRegion("CN")),
            ("0312345678", PhoneRegion("JP")), ("015123456789", PhoneRegion("DE")), ("+8613812345678", Self.us),
        ]
        for (number, region) in numbers {
            var field = DestinationField(region: region)
            var typed = ""
            for character in number {
                typed.append(character)
                field.replace(field.caret..<field.caret, with: String(character))
                #expect(field.text == DestinationField.formatted(typed, region: region), "\(typed)")
                #expect(!field.text.dropFirst(field.caret).contains { $0.isNumber }, "\(typed): the caret at the end")
            }
            // An edit in the middle, a delete, a region changed: as if typed whole again.
            field.replace(2..<2, with: "9")
            #expect(field.text == DestinationField.formatted(field.text, region: region))
            let raw = field.text
            field.deleteBackward()
            #expect(field.text.filter(\.isNumber).count == raw.filter(\.isNumber).count - 1)
            #expect(field.text == DestinationField.formatted(field.text, region: region))
            field.region = Self.egypt
            #expect(field.text == DestinationField.formatted(field.text, region: Self.egypt))
        }
        let field = DestinationField(text: "6502530000", region: Self.us)
        #expect(field == DestinationField(text: "(650) 253-0000", region: Self.us))
    }

    @Test("the verification screen shows the field's text")
    func screen() {
        var state = VerificationState(config: VerificationConfig(region: Self.egypt))
        _ = state.apply(.destinationChanged("01001234567"), at: .zero)
        #expect(state.destinationText == "010 01234567")
        #expect(state.destination == .success(.phone("+201001234567")))
    }
}
