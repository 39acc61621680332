import Hourglass
import PhoneNumbers
import SignUp
import Testing

/// The region picker: every region, named in the screen's language, in its collation order,
/// with flags and calling codes; a search by name, ISO code and calling code; a number typed
/// with `+` moves it.
@Suite("The region picker")
struct RegionPickerTests {
    static func names(_ picker: RegionPicker, _ codes: [String]) -> [String] {
        picker.choices.filter { codes.contains($0.region.identifier) }.map(\.name)
    }

    @Test("every region libphonenumber knows, once, with its flag and calling code")
    func everyRegion() throws {
        let picker = RegionPicker(language: .english, selected: nil)
        #expect(picker.choices.count == PhoneRegion.all.count && picker.choices.count == 245)
        #expect(Set(picker.choices.map(\.region)).count == 245)
        let egypt = try #require(picker.choices.first { $0.region.identifier == "EG" })
        #expect(egypt.flag == "🇪🇬" && egypt.callingCode == "20" && egypt.label == "🇪🇬 Egypt +20")
        #expect(RegionChoice(region: PhoneRegion("EG")!, language: .german).label == "🇪🇬 Ägypten +20")
        #expect(RegionChoice(region: PhoneRegion("EG")!, language: .arabic).name == "مصر")
        #expect(RegionChoice(region: PhoneRegion("EG")!, language: .japanese).name == "エジプト")
    }

    @Test("sorted as the language sorts (CLDR collation, as Foundation compares for the locale)")
    func collation() {
        let german = RegionPicker(language: .german, selected: nil)
        #expect(german.choices.prefix(4).map(\.name) == ["Afghanistan", "Ägypten", "Ålandinseln", "Albanien"])
        let turkish = RegionPicker(language: .turkish, selected: nil)
        #expect(Self.names(turkish, ["TD", "DZ", "CN"]) == ["Cezayir", "Çad", "Çin"])
        let chinese = RegionPicker(language: .simplifiedChinese, selected: nil)
        // By pinyin: āěr (Algeria), āi (Egypt), bā (Brazil), dé (Germany), zhōng (China).
        #expect(Self.names(chinese, ["DZ", "EG", "BR", "DE", "CN"]) == ["阿尔及利亚", "埃及", "巴西", "德国", "中国"])
    }

    @Test("a search ignores case and diacritics; by name in the language or in English, ISO code, calling code")
    func search() {
        let german = RegionPicker(language: .german, selected: nil)
        #expect(german.matches("ägyp").map(\.region.identifier) == ["EG"])
        #expect(german.matches("AGYP").map(\.region.identifier) == ["EG"])
        #expect(german.matches("egypt").map(\.region.identifier) == ["EG"])
        #expect(german.matches("eg").first?.region.identifier == "EG")
        #expect(german.matches("+20").map(\.region.identifier) == ["EG"])
        #expect(german.matches("20").map(\.region.identifier) == ["EG"])
        #expect(german.matches("44").map(\.region.identifier) == ["GG", "IM", "JE", "GB"])
        #expect(german.matches(" ").isEmpty)
        let arabic = RegionPicker(language: .arabic, selected: nil)
        #expect(arabic.matches("مصر").map(\.region.identifier) == ["EG"])
    }

    @Test("a number typed with + moves the picker: to the region libphonenumber reads, else its code's")
    func follows() {
        var picker = RegionPicker(language: .english, selected: PhoneRegion("EG"))
        picker.follow(typed: "+44 20 7946 0018")
        #expect(picker.selected == PhoneRegion("GB"))
        picker.follow(typed: "+44 7781 123456")
        #expect(picker.selected == PhoneRegion("GG"))
        picker.follow(typed: "+44 7")  // not read yet: Guernsey stays, as +44 is its code
        #expect(picker.selected == PhoneRegion("GG"))
        picker.follow(typed: "+1 650")
        #expect(picker.selected == PhoneRegion("US"))
        picker.follow(typed: "01001234567")  // no +: nothing moves
        #expect(picker.selected == PhoneRegion("US"))
        picker.select(PhoneRegion("JE")!)
        #expect(picker.selectedChoice?.name == "Jersey")
    }

    @Test("the verification screen shows the region, what its search finds, and reads a number for a chosen one")
    func screen() {
        var state = VerificationState(config: VerificationConfig(language: .german, region: PhoneRegion("DE")))
        #expect(VerificationScreen(state).region?.label == "🇩🇪 Deutschland +49")
        _ = state.apply(.regionSearchChanged("ägy"), at: .zero)
        #expect(VerificationScreen(state).regionMatches.map(\.region.identifier) == ["EG"])
        _ = state.apply(.destinationChanged("01001234567"), at: .zero)
        #expect(state.destination != .success(.phone("+201001234567")))
        _ = state.apply(.regionChosen(PhoneRegion("EG")!), at: .zero)
        #expect(state.regionSearch.isEmpty && state.config.region == PhoneRegion("EG"))
        #expect(state.destinationText == "010 01234567" && state.destination == .success(.phone("+201001234567")))
        _ = state.apply(.destinationChanged("+44 7781 123456"), at: .zero)
        #expect(state.config.region == PhoneRegion("GG"))
    }
}
