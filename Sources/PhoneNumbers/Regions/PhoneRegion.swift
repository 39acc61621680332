public import Foundation

/// The region whose numbering a phone number typed without `+` is read in: an ISO 3166-1
/// alpha-2 code the numbering data knows, such as `US`, `GB` or `CN`.
///
/// Sign-up's models take it from their configuration, which by default is the system locale's
/// region (``current``); with no region, a number needs its `+` and country code.
public struct PhoneRegion: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The upper-case ISO 3166-1 alpha-2 code, e.g. `FR`.
    public let identifier: String

    /// The region with ISO code `identifier` (any case); nil when the data knows no such region.
    public init?(_ identifier: String) {
        let code = identifier.uppercased()
        guard MetadataStore.shared.callingCodeByRegion[code] != nil else { return nil }
        self.identifier = code
    }

    /// The region of `locale` (`en_US` → `US`), if it has one the data knows.
    public init?(locale: Locale) {
        guard let code = locale.region?.identifier else { return nil }
        self.init(code)
    }

    /// The region of the system's locale (``SystemLocale/current``: the territory of the POSIX
    /// locale on Linux, the `Locale`'s region on Apple platforms), if the data knows it.
    public static var current: PhoneRegion? { SystemLocale.current.region.flatMap(PhoneRegion.init) }

    /// Every region the data knows, by ISO code.
    public static var all: [PhoneRegion] { MetadataStore.shared.regionCodes.compactMap(PhoneRegion.init) }

    /// The country calling code, without `+`: `1` for `US`, `33` for `FR`. Looked up, not kept,
    /// so that a region (in every copy of a model's state) is its two-letter code alone.
    public var callingCode: String { MetadataStore.shared.callingCodeByRegion[identifier] ?? "" }

    public var description: String { identifier }

    public init(from decoder: any Decoder) throws {
        let code = try decoder.singleValueContainer().decode(String.self)
        guard let region = PhoneRegion(code) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "no region '\(code)'"))
        }
        self = region
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}
