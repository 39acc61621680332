import PhoneNumbers
import Testing

/// Numbers as people of each market type them, read by the built-in parser.
@Suite struct TypedNumberTests {
    static func read(_ typed: String, in region: String?) -> Result<String, PhoneNumberProblem> {
        guard let digits = PhoneNumbering.dialableDigits(of: typed) else { return .failure(.invalid) }
        return StandardPhoneNumberParser().parse(digits, region: region.flatMap(PhoneRegion.init))
    }

    @Test(
        "national forms, carrier codes, prefixes and the region's own code",
        arguments: [
            // Brazil: area code in brackets, a carrier code after the trunk 0, `0xx` as written.
            (String?("BR"), "(11) 98765-4321", "+5511987654321"),
            ("BR", "0 21 11 98765-4321", "+5511987654321"),
            ("BR", "0xx11 98765-4321", "+5511987654321"),
            ("BR", "0XX11 3456-7890", "+551134567890"),
            ("BR", "00 21 1 415 555 0100", "+14155550100"),
            // Argentina: a mobile's 0, area code and 15 stand for 9 and the area code.
            ("AR", "011 15-2345-6789", "+5491123456789"),
            ("AR", "+54 9 11 2345-6789", "+5491123456789"),
            ("AR", "011 2345-6789", "+541123456789"),
            // Gabon: a mobile's leading 0 is part of the number.
            ("GA", "06 03 12 34", "+24106031234"),
            ("GB", "+44 (0)20 7946 0958", "+442079460958"),
            ("GB", "07400 123456", "+447400123456"),
            ("CN", "86 138 1234 5678", "+8613812345678"),
            ("CN", "138 1234 5678", "+8613812345678"),
            ("RU", "8 (912) 345-67-89", "+79123456789"),
            ("RU", "8 10 44 20 7946 0958", "+442079460958"),
            ("US", "1 (415) 555-0100", "+14155550100"),
            ("US", "011 44 20 7946 0958", "+442079460958"),
            ("US", "416 555 0100", "+14165550100"),
            ("FR", "06 12 34 56 78", "+33612345678"),
            ("JP", "090-1234-5678", "+819012345678"),
            ("DE", "0151 23456789", "+4915123456789"),
            (nil, "＋５５　１１　９８７６５－４３２１", "+5511987654321"),
        ])
    func reads(region: String?, typed: String, e164: String) {
        #expect(Self.read(typed, in: region) == .success(e164))
    }

    @Test(
        "what is not a number says why",
        arguments: [
            (
                String?("US"), "415 555 010",
                PhoneNumberProblem.wrongLength(callingCode: "1", expected: [10], found: 9)
            ),
            ("FR", "06 12 34 56 7", .wrongLength(callingCode: "33", expected: [9], found: 8)),
            ("BR", "(11) 98765-43210", .wrongLength(callingCode: "55", expected: [8, 9, 10, 11], found: 12)),
            ("BR", "(11) 8765-432", .invalid),
            ("GB", "+44 12", .wrongLength(callingCode: "44", expected: [7, 9, 10], found: 2)),
            ("GB", "+44 2079 4609", .wrongLength(callingCode: "44", expected: [7, 9, 10], found: 8)),
            (nil, "06 12 34 56 78", .missingCountryCode(example: nil)),
            ("US", "+999 123 4567", .unknownCountryCode("999")),
            ("US", "+0 123 456 789", .unknownCountryCode("0")),
            ("US", "+1234567890123456", .tooLong),
            ("US", "+1 011 555 0100", .invalid),
            ("US", "415 555 01OO", .invalid),
        ])
    func refuses(region: String?, typed: String, problem: PhoneNumberProblem) {
        #expect(Self.read(typed, in: region) == .failure(problem))
    }

    @Test("typed text keeps only what a parser reads")
    func dialableDigits() {
        #expect(PhoneNumbering.dialableDigits(of: "+1 (415) 555‑0100\u{200E}") == "+14155550100")
        #expect(PhoneNumbering.dialableDigits(of: "0xx11 98765-4321") == "011987654321")
        #expect(PhoneNumbering.dialableDigits(of: "+1 415\n555 0100") == nil)
        #expect(PhoneNumbering.dialableDigits(of: "\u{202E}+1 415 555 0100") == nil)
        #expect(PhoneNumbering.dialableDigits(of: "+") == nil)
        #expect(PhoneNumbering.dialableDigits(of: "x11 98765-4321") == nil)
    }

    @Test("an ASCII text is read by its bytes as by its scalars")
    func asciiDigits() {
        // Every text of up to 4 of the characters that matter, and some longer ones.
        let alphabet = Array("0 -.()+xX\t1a\n/")
        var texts = [""]
        for _ in 0..<4 {
            texts += texts.filter { $0.count == texts.last!.count }.flatMap { text in alphabet.map { text + String($0) }
            }
        }
        texts += ["+1 (415) 555-0100", "0XX11 98765-4321", "0x 11", "00 44 20 7946 0958", "+86 138 0013 8000"]
        var read = 0
        for text in Set(texts) {
            let bytes = PhoneNumbering.dialableDigits(ofASCII: text)
            #expect(bytes == PhoneNumbering.dialableDigits(readingScalarsOf: text), "\(text.debugDescription)")
            if bytes != nil { read += 1 }
        }
        #expect(read > 1_000)
    }

    @Test("a number's region and type")
    func regionAndType() {
        #expect(PhoneNumbering.region(of: "+14165550100") == PhoneRegion("CA"))
        #expect(PhoneNumbering.region(of: "+14155550100") == PhoneRegion("US"))
        #expect(PhoneNumbering.region(of: "+447400123456") == PhoneRegion("GB"))
        #expect(PhoneNumbering.region(of: "+80012345678") == nil)
        // No region of a shared code has these numbers.
        #expect(PhoneNumbering.region(of: "+10000000000") == nil)
        #expect(PhoneNumbering.region(of: "+440000000000") == nil)
        #expect(PhoneNumbering.type(of: "+5511961234567") == .mobile)
        #expect(PhoneNumbering.type(of: "+551123456789") == .fixedLine)
        #expect(PhoneNumbering.type(of: "+14155550100") == .fixedLineOrMobile)
        #expect(PhoneNumbering.type(of: "+8613812345678") == .mobile)
        #expect(PhoneNumbering.type(of: "+861012345678") == .fixedLine)
        #expect(PhoneNumbering.callingCode(of: "+5511961234567") == "55")
        #expect(PhoneNumbering.dataVersion == "9.0.43")
        #expect(PhoneRegion.all.count == 245)
        #expect(PhoneRegion("fr")?.callingCode == "33")
        #expect(PhoneRegion("ZZ") == nil)
        #expect(PhoneRegion("001") == nil)
    }
}
