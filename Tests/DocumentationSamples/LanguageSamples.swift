import SignUp
import Testing

// The plural sample of SignUp's "Languages" article, verbatim.

@Test("an app's own table chooses its forms by CLDR's rule, as the article shows")
func polishSeconds() {
    let strings = SignUpStrings(translating: .english) { strings in
        let polish = PluralRule(for: "pl")
        strings.seconds = { n in
            polish.select(n, one: "\(n) sekundę", few: "\(n) sekundy", many: "\(n) sekund", other: "\(n) sekundy")
        }
    }
    #expect([1, 2, 5, 22].map { strings.seconds($0) } == ["1 sekundę", "2 sekundy", "5 sekund", "22 sekundy"])
}
