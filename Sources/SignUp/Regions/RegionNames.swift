import Hourglass

/// Every region's name in each built-in language (CLDR's, generated into
/// `Regions/Generated` by tools/region-names from the pinned babel release), read once a
/// language on first use.
enum RegionNames {
    /// The names in `language` (a built-in language's identifier) by ISO code; English's for
    /// any other.
    static func names(in language: String) -> [String: String] {
        if let read = cache.withLock({ $0[language] }) { return read }
        let read = parse(language)
        cache.withLock { $0[language] = read }
        return read
    }

    private static let cache = Locked<[String: [String: String]]>([:])

    private static func parse(_ language: String) -> [String: String] {
        let text =
            switch language {
            case "zh-Hans": zhHans
            case "zh-Hant": zhHant
            case "es": es
            case "pt-BR": ptBR
            case "fr": fr
            case "de": de
            case "it": it
            case "ja": ja
            case "ko": ko
            case "ar": ar
            case "hi": hi
            case "ru": ru
            case "id": id
            case "tr": tr
            default: en
            }
        var names: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 1)
            guard fields.count == 2 else { continue }
            names[String(fields[0])] = String(fields[1])
        }
        return names
    }
}
