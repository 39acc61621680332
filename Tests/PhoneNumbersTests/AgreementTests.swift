import Foundation
import PhoneNumbers
import Testing

/// Every example number of libphonenumber's metadata (ExampleNumbers.tsv, generated with the
/// data by tools/phone-data) read and written as libphonenumber reads and writes it.
@Suite struct AgreementTests {
    /// One line of ExampleNumbers.tsv.
    struct Example: CustomStringConvertible, Sendable {
        let region: String
        let type: String
        let national: String
        let e164: String
        let international: String
        /// libphonenumber's length of its geographical area code.
        let areaCodeLength: Int

        var description: String { "\(region) \(type) \(national)" }
    }

    static let examples: [Example] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "ExampleNumbers.tsv")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Example(
                region: fields[0], type: fields[1], national: fields[2], e164: fields[3], international: fields[4],
                areaCodeLength: Int(fields[5]) ?? -1)
        }
    }()

    /// The digits and `+` of what a person typed (what `Destination.parse` hands a parser).
    static func compact(_ typed: String) -> String { typed.filter { $0 == "+" || $0.isNumber } }

    @Test func theFileHoldsEveryRegionsExamples() {
        #expect(Self.examples.count == 1_141)
        // 245 regions, and `001` for the networks of no region.
        #expect(Set(Self.examples.map(\.region)).count == 246)
        // libphonenumber's area code lengths, one for each (-1: none read).
        let areaCodes = Dictionary(grouping: Self.examples, by: \.areaCodeLength).mapValues(\.count)
        #expect(areaCodes == [0: 981, 1: 40, 2: 52, 3: 58, 4: 8, 5: 2])
    }

    @Test func theNationalFormatReadInItsRegionGivesLibphonenumbersE164() async {
        let wrong = await offThePool {
            Self.examples.filter { example in
                guard let region = PhoneRegion(example.region) else { return false }
                let read = StandardPhoneNumberParser().parse(Self.compact(example.national), region: region)
                return read != .success(example.e164)
            }.map(\.description)
        }
        #expect(wrong == [])
    }

    @Test func theInternationalFormatGivesLibphonenumbersE164() async {
        let wrong = await offThePool {
            Self.examples.filter { example in
                StandardPhoneNumberParser().parse(Self.compact(example.international), region: nil)
                    != .success(example.e164)
            }.map(\.description)
        }
        #expect(wrong == [])
    }

    @Test func theFormattedNumberIsLibphonenumbersInternationalFormat() async {
        let wrong = await offThePool {
            let formatter = StandardPhoneNumberFormatter()
            return Self.examples.filter { formatter.formatted($0.e164) != $0.international }
                .map { "\($0): \(formatter.formatted($0.e164)) ≠ \($0.international)" }
        }
        #expect(wrong == [])
    }

    @Test func theNationalFormatIsLibphonenumbers() async {
        let wrong = await offThePool {
            let formatter = StandardPhoneNumberFormatter()
            return Self.examples.filter { formatter.national($0.e164) != $0.national }
                .map { "\($0): \(formatter.national($0.e164) ?? "nil") ≠ \($0.national)" }
        }
        #expect(wrong == [])
    }

    @Test func theMaskKeepsLibphonenumbersAreaCodeAndAtMostHalfTheRest() async {
        let wrong = await offThePool {
            let formatter = StandardPhoneNumberFormatter()
            return Self.examples.compactMap { example -> String? in
                let masked = formatter.masked(example.e164)
                let whole = formatter.formatted(example.e164)
                // The country code is whole, the rest of the format stays, shown digits are the number's.
                let code = "+" + (PhoneNumbering.callingCode(of: example.e164) ?? "?") + " "
                guard masked.hasPrefix(code), masked.count == whole.count,
                    zip(masked, whole).allSatisfy({ $0 == "•" || $0 == $1 })
                else { return "\(example): \(masked) is not \(whole) masked" }
                let digits = masked.dropFirst(code.count).filter { $0 == "•" || $0.isNumber }
                let head = digits.prefix { $0 != "•" }.count
                let tail = digits.reversed().prefix { $0 != "•" }.count
                let hidden = digits.count - head - tail
                guard head == example.areaCodeLength, tail <= min(4, digits.count / 2), hidden >= 3 else {
                    return "\(example): \(masked) (area code \(example.areaCodeLength))"
                }
                return nil
            }
        }
        #expect(wrong == [])
    }
}
