import Testing

@testable import PhoneNumbers

/// The generated data, read whole: every region's lines make a region, and every pattern
/// compiles (a pattern that did not would silently match nothing).
@Suite struct MetadataTests {
    @Test func everyRegionAndNetworkIsReadAndEveryPatternCompiles() async {
        let keys = MetadataStore.shared.keysByCallingCode.values.flatMap { $0 }
        #expect(keys.count == 245 + 9)
        #expect(await offThePool { Self.broken(keys) } == [])
    }

    /// What of `keys`' regions cannot be read, or compiled.
    static func broken(_ keys: [String]) -> [String] {
        let store = MetadataStore.shared
        var broken: [String] = []
        for key in keys {
            guard let metadata = store.metadata(key) else {
                broken.append("\(key): not read")
                continue
            }
            let formats = metadata.nationalFormats + metadata.internationalFormats
            let patterns =
                [metadata.general.pattern] + metadata.types.map(\.description.pattern) + formats.map(\.pattern)
                + formats.flatMap(\.leadingDigitsPatterns)
                + [metadata.internationalPrefix, metadata.nationalPrefixForParsing, metadata.leadingDigits]
                .compactMap { $0 }
            broken += patterns.filter { !$0.compiles }.map { "\(key): \($0.source)" }
        }
        return broken
    }

    @Test func eachCallingCodeHasOneMainRegion() {
        let store = MetadataStore.shared
        #expect(store.metadata(forCallingCode: "1")?.region == "US")
        #expect(store.metadata(forCallingCode: "44")?.region == "GB")
        #expect(store.metadata(forCallingCode: "7")?.region == "RU")
        #expect(store.metadata(forCallingCode: "882")?.region == "001")
        #expect(store.callingCode(atStartOf: "5511961234567") == "55")
        #expect(store.callingCode(atStartOf: "0123") == nil)
    }
}
