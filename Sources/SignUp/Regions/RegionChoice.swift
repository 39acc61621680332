public import PhoneNumbers

/// One region of the ``RegionPicker``: what a row of the picker shows.
public struct RegionChoice: Hashable, Sendable, Identifiable {
    /// The region.
    public let region: PhoneRegion
    /// Its name in the picker's language (CLDR's).
    public let name: String
    /// Its name in English, which a search reads too.
    public let englishName: String

    /// `region` named in `language` (and in English).
    public init(region: PhoneRegion, language: SignUpLanguage) {
        self.region = region
        name = RegionNames.names(in: language.identifier)[region.identifier] ?? region.identifier
        englishName = RegionNames.names(in: "en")[region.identifier] ?? region.identifier
    }

    init(region: PhoneRegion, name: String, englishName: String) {
        (self.region, self.name, self.englishName) = (region, name, englishName)
    }

    /// The region's ISO code, which identifies a row.
    public var id: String { region.identifier }

    /// Its flag: the regional indicator symbols of its ISO code (`🇪🇬` for `EG`).
    public var flag: String {
        String(
            String.UnicodeScalarView(
                region.identifier.unicodeScalars.compactMap { Unicode.Scalar(0x1F1E6 + $0.value - 0x41) }))
    }

    /// Its calling code, without `+` (`20`).
    public var callingCode: String { region.callingCode }

    /// What a picker's row or a screen's line says: the flag, the name and `+CC`
    /// (`🇪🇬 Ägypten +20`).
    public var label: String { "\(flag) \(name) +\(callingCode)" }
}
