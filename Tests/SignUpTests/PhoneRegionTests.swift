import Foundation
import PhoneNumbers
import SignUp
import TestSupport
import Testing

/// Numbers as people in 50 regions type them — national, with the trunk prefix, with an
/// international prefix, with `+`, with spaces, dots, dashes and brackets — each with its exact
/// E.164 form, read by the built-in parser in that region.
@Suite("Phone numbers of every market")
struct PhoneRegionTests {
    static let numbers: [(region: String, typed: [String], e164: String)] = [
        (
            "US", ["(415) 555-0100", "1 415 555 0100", "415.555.0100", "+1 415-555-0100", "1-415-555-0100"],
            "+14155550100"
        ),
        ("US", ["011 44 20 7946 0958"], "+442079460958"),
        ("CA", ["604 555 0199", "1-604-555-0199", "+1 (604) 555-0199"], "+16045550199"),
        (
            "GB", ["07911 123456", "7911 123456", "+44 7911 123456", "+44 (0)7911 123456", "0044 7911 123456"],
            "+447911123456"
        ),
        ("GB", ["020 7946 0958", "+44 (0)20 7946 0958"], "+442079460958"),
        ("GB", ["00 33 6 12 34 56 78"], "+33612345678"),
        (
            "FR", ["06 12 34 56 78", "6 12 34 56 78", "+33 6 12 34 56 78", "0033 6 12 34 56 78", "06.12.34.56.78"],
            "+33612345678"
        ),
        ("FR", ["01 23 45 67 89"], "+33123456789"),
        ("DE", ["0151 23456789", "+49 151 23456789", "+49 (0)151 2345 6789", "0049 151 23456789"], "+4915123456789"),
        ("DE", ["030 1234567", "(030) 123 45 67"], "+49301234567"),
        ("JP", ["090-1234-5678", "09012345678", "+81 90-1234-5678", "010 81 90 1234 5678"], "+819012345678"),
        ("JP", ["03-1234-5678"], "+81312345678"),
        ("JP", ["010 1 415 555 0100"], "+14155550100"),
        ("IN", ["98765 43210", "098765 43210", "+91 98765-43210", "0091 98765 43210"], "+919876543210"),
        ("IN", ["00 1 415 555 0100"], "+14155550100"),
        ("BR", ["(11) 91234-5678", "011 91234 5678", "+55 11 91234-5678", "11 91234 5678"], "+5511912345678"),
        ("BR", ["0014 1 415 555 0100"], "+14155550100"),
        (
            "CN", ["138 1234 5678", "13812345678", "86 138 1234 5678", "+86 138-1234-5678", "0086 138 1234 5678"],
            "+8613812345678"
        ),
        ("CN", ["00 1 415 555 0100"], "+14155550100"),
        ("RU", ["8 (916) 123-45-67", "916 123 45 67", "+7 916 123 45 67", "810 7 916 123 45 67"], "+79161234567"),
        ("RU", ["8 800 123 45 67", "800 123 45 67"], "+78001234567"),
        ("RU", ["810 1 415 555 0100"], "+14155550100"),
        ("KZ", ["8 701 234 5678", "+7 701 234 5678"], "+77012345678"),
        ("AU", ["0412 345 678", "+61 412 345 678", "0011 61 412 345 678"], "+61412345678"),
        ("AU", ["0011 44 20 7946 0958"], "+442079460958"),
        ("NZ", ["021 123 4567", "+64 21 123 4567"], "+64211234567"),
        ("ES", ["612 34 56 78", "0034 612 345 678"], "+34612345678"),
        ("IT", ["312 345 6789", "+39 312 345 6789"], "+393123456789"),
        ("IT", ["06 1234 5678", "+39 06 1234 5678"], "+390612345678"),
        ("NL", ["06 12345678", "+31 6 12345678"], "+31612345678"),
        ("BE", ["0470 12 34 56", "+32 470 12 34 56"], "+32470123456"),
        ("CH", ["079 123 45 67", "+41 79 123 45 67"], "+41791234567"),
        ("AT", ["0664 1234567", "+43 664 1234567"], "+436641234567"),
        ("SE", ["070-123 45 67", "+46 70 123 45 67"], "+46701234567"),
        ("NO", ["412 34 567", "+47 412 34 567"], "+4741234567"),
        ("DK", ["20 12 34 56", "+45 20 12 34 56"], "+4520123456"),
        ("PL", ["512 345 678", "+48 512-345-678"], "+48512345678"),
        ("PT", ["912 345 678", "+351 912 345 678"], "+351912345678"),
        ("IE", ["085 123 4567", "+353 85 123 4567"], "+353851234567"),
        ("GR", ["691 234 5678", "+30 691 234 5678"], "+306912345678"),
        ("TR", ["0532 123 45 67", "+90 532 123 45 67"], "+905321234567"),
        ("MX", ["55 1234 5678", "+52 55 1234 5678"], "+525512345678"),
        ("AR", ["+54 9 11 1234-5678"], "+5491112345678"),
        ("CO", ["321 1234567", "+57 321 1234567"], "+573211234567"),
        ("CL", ["9 6123 4567", "+56 9 6123 4567"], "+56961234567"),
        ("PE", ["912 345 678", "+51 912 345 678"], "+51912345678"),
        ("ZA", ["082 123 4567", "+27 82 123 4567"], "+27821234567"),
        ("NG", ["0803 123 4567", "+234 803 123 4567"], "+2348031234567"),
        ("KE", ["0712 345678", "+254 712 345678", "000 254 712 345678"], "+254712345678"),
        ("EG", ["010 1234 5678", "+20 10 1234 5678"], "+201012345678"),
        ("KR", ["010-1234-5678", "+82 10-1234-5678"], "+821012345678"),
        ("KR", ["001 1 415 555 0100"], "+14155550100"),
        ("SG", ["9123 4567", "+65 9123 4567"], "+6591234567"),
        ("HK", ["9123 4567", "+852 9123 4567"], "+85291234567"),
        ("TW", ["0912 345 678", "+886 912 345 678"], "+886912345678"),
        ("TH", ["081 234 5678", "+66 81 234 5678"], "+66812345678"),
        ("VN", ["091 234 56 78", "+84 91 234 56 78"], "+84912345678"),
        ("PH", ["0917 123 4567", "+63 917 123 4567"], "+639171234567"),
        ("ID", ["0812-3456-7890", "+62 812-3456-7890"], "+6281234567890"),
        ("MY", ["012-345 6789", "+60 12-345 6789"], "+60123456789"),
        ("PK", ["0301 2345678", "+92 301 2345678"], "+923012345678"),
        ("BD", ["01712-345678", "+880 1712-345678"], "+8801712345678"),
        ("SA", ["050 123 4567", "+966 50 123 4567"], "+966501234567"),
        ("AE", ["050 123 4567", "+971 50 123 4567"], "+971501234567"),
        ("IL", ["050-234-5678", "+972 50-234-5678"], "+972502345678"),
        ("UA", ["050 123 4567", "+380 50 123 4567"], "+380501234567"),
        ("HU", ["06 20 123 4567", "+36 20 123 4567"], "+36201234567"),
        ("LT", ["8 612 34567", "0 612 34567", "+370 612 34567"], "+37061234567"),
        ("BY", ["8 029 123-45-67", "029 123 45 67", "29 123 45 67", "+375 29 123-45-67"], "+375291234567"),
    ]

    @Test("every form people type reads as the region's E.164 number", arguments: numbers)
    func accepted(region: String, typed: [String], e164: String) throws {
        let region = try #require(PhoneRegion(region))
        for text in typed {
            #expect(Destination.parse(text, region: region) == .success(.phone(e164)), "\(text) in \(region)")
        }
    }

    @Test("54 regions are covered (the issue asked for 40)")
    func regionCount() {
        #expect(Set(Self.numbers.map(\.region)).count == 54)
    }

    static let refusals: [(region: String?, typed: String, problem: DestinationProblem)] = [
        (nil, "06 12 34 56 78", .phone(.missingCountryCode(example: nil))),
        (nil, "138 1234 5678", .phone(.missingCountryCode(example: nil))),
        (nil, "1 415 555 0100", .phone(.missingCountryCode(example: nil))),
        ("US", "415 555 010", .phone(.wrongLength(callingCode: "1", expected: [10], found: 9))),
        ("FR", "06 12 34 56 7", .phone(.wrongLength(callingCode: "33", expected: [9], found: 8))),
        ("IN", "9876 543", .phone(.wrongLength(callingCode: "91", expected: [8, 9, 10, 11, 12, 13], found: 7))),
        ("IN", "9876 54321", .phone(.invalid)),
        ("GB", "+44 12", .phone(.wrongLength(callingCode: "44", expected: [7, 9, 10], found: 2))),
        ("CN", "238 1234 5678", .invalidChinaMobile),
        ("CN", "1381234", .invalidChinaMobile),
        ("DE", "+49 0 0151 2345678", .phone(.invalid)),
        ("US", "+999 123 4567", .phone(.unknownCountryCode("999"))),
        ("US", "+0 123 456 789", .phone(.unknownCountryCode("0"))),
        ("US", "+1234567890123456", .phone(.tooLong)),
        ("US", "+", .phone(.invalid)),
        ("US", "415 555 01OO", .phone(.invalid)),
    ]

    @Test("what is wrong with a number, exactly", arguments: refusals)
    func refused(region: String?, typed: String, problem: DestinationProblem) {
        #expect(Destination.parse(typed, region: region.flatMap { PhoneRegion($0) }) == .failure(problem))
    }

    @Test("a number with + never needs a region; one without it is never read as Chinese elsewhere")
    func noChinaByDefault() throws {
        #expect(Destination.parse("+1 415 555 0100") == .success(.phone("+14155550100")))
        #expect(Destination.parse("1 415 555 0100", region: PhoneRegion("US")) == .success(.phone("+14155550100")))
        #expect(Destination.parse("138 1234 5678", region: PhoneRegion("US")) != .success(.phone("+8613812345678")))
        #expect(Destination.parse("+86 138 1234 5678") == .success(.phone("+8613812345678")))
    }

    @Test("regions: any case, from a locale, unknown ones refused, every E.164 code known")
    func regions() throws {
        #expect(PhoneRegion("fr")?.identifier == "FR")
        #expect(PhoneRegion("FR")?.callingCode == "33")
        #expect(PhoneRegion("XX") == nil)
        #expect(PhoneRegion("001") == nil)
        #expect(PhoneRegion(locale: Locale(identifier: "en_US"))?.identifier == "US")
        #expect(PhoneRegion(locale: Locale(identifier: "zh-Hans_CN"))?.identifier == "CN")
        #expect(PhoneRegion(locale: Locale(identifier: "en")) == nil)
        #expect(PhoneRegion.all.count == 245)
        let codes = Set(PhoneRegion.all.map(\.callingCode))
        #expect(codes.count == 206)
        for code in [
            "1", "7", "20", "27", "30", "44", "49", "86", "212", "299", "350", "380", "500", "599", "670", "692", "850",
            "886", "960", "998",
        ] {
            #expect(codes.contains(code), "+\(code)")
        }
        for code in ["800", "808", "870", "878", "881", "882", "883", "888", "979"] {
            #expect(Destination(normalized: "+\(code)12345678") == .phone("+\(code)12345678"), "+\(code)")
        }
    }
}
