import Foundation

/// Every region's ``PhoneMetadata``, made from ``PhoneNumberData`` on first use and kept.
///
/// The data's lines are split by region once (cheap); a region's patterns are compiled only when
/// a number of it is first read or written, so that the first number costs a region, not all 250.
final class MetadataStore: @unchecked Sendable {
    // @unchecked: `made` is read and written only under `lock`; everything else is immutable.
    /// The store of the generated data.
    static let shared = MetadataStore(text: PhoneNumberData.text)

    /// Each region's lines, by region code (`BR`), or `001+CODE` for a network of no region.
    private let linesByKey: [String: [Substring]]
    /// The keys of the regions of each calling code, the main region first.
    let keysByCallingCode: [String: [String]]
    /// The ISO codes of every region, sorted.
    let regionCodes: [String]
    /// The calling code of each region, by its ISO code.
    let callingCodeByRegion: [String: String]
    private let lock = NSLock()
    private var made: [String: PhoneMetadata] = [:]

    init(text: String) {
        var lines: [String: [Substring]] = [:]
        var keys: [String: [String]] = [:]
        var codes: [String: String] = [:]
        var current: String?
        // The lines are found in the UTF-8 bytes (the data is ASCII), and only a region's first
        // line is split into its fields: splitting the text by Characters took 18 ms, at a
        // process's first number.
        var contiguous = text
        let ranges = Self.lineRanges(of: &contiguous)
        let data = contiguous
        let offset = { (offset: Int) in data.utf8.index(data.utf8.startIndex, offsetBy: offset) }
        for range in ranges {
            let line = data[offset(range.lowerBound)..<offset(range.upperBound)]
            let fields =
                line.utf8.starts(with: "R\t".utf8)
                ? line.utf8.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map(Substring.init)
                : []
            if fields.count == 10 {
                let (region, code) = (String(fields[1]), String(fields[2]))
                let key = region == "001" ? "001+" + code : region
                current = key
                if region != "001" { codes[region] = code }
                keys[code, default: []].insert(key, at: fields[3] == "main" ? 0 : keys[code, default: []].count)
            }
            if let current { lines[current, default: []].append(line) }
        }
        linesByKey = lines
        keysByCallingCode = keys
        callingCodeByRegion = codes
        regionCodes = codes.keys.sorted()
    }

    /// The UTF-8 offsets of each line of `text` that is not empty.
    private static func lineRanges(of text: inout String) -> [Range<Int>] {
        text.withUTF8 { bytes in
            var ranges: [Range<Int>] = []
            var start = 0
            for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
                if offset > start { ranges.append(start..<offset) }
                start = offset + 1
            }
            if bytes.count > start { ranges.append(start..<bytes.count) }
            return ranges
        }
    }

    /// The metadata of `key` (a region code, or `001+CODE`), made on first use.
    func metadata(_ key: String) -> PhoneMetadata? {
        lock.lock()
        defer { lock.unlock() }
        if let metadata = made[key] { return metadata }
        guard let lines = linesByKey[key], let metadata = PhoneMetadata(lines: lines) else { return nil }
        made[key] = metadata
        return metadata
    }

    /// The metadata that stands for `callingCode`: its main region's, or its network's.
    func metadata(forCallingCode callingCode: String) -> PhoneMetadata? {
        keysByCallingCode[callingCode]?.first.flatMap { metadata($0) }
    }

    /// The calling code at the start of `digits`: calling codes are a prefix code, so at most
    /// one of the first one, two or three digits is assigned.
    func callingCode(atStartOf digits: Substring) -> String? {
        (1...3).lazy.filter { $0 <= digits.count }.map { String(digits.prefix($0)) }
            .first { self.keysByCallingCode[$0] != nil }
    }

    /// ``callingCode(atStartOf:)`` of ASCII digits.
    func callingCode(atStartOf digits: [UInt8]) -> String? {
        guard !digits.isEmpty else { return nil }
        for length in 1...min(3, digits.count) {
            let code = String(decoding: digits[..<length], as: UTF8.self)
            if keysByCallingCode[code] != nil { return code }
        }
        return nil
    }

    /// The region of the national number `national` with `callingCode`: the code's one region,
    /// or among those that share it, the one whose leading digits it starts with, else the one
    /// it is a number of; nil when it is none's (as libphonenumber). Regions are compiled only
    /// as far as the search goes.
    func metadata(ofNational national: Substring, callingCode: String) -> PhoneMetadata? {
        let keys = keysByCallingCode[callingCode] ?? []
        guard keys.count > 1 else { return keys.first.flatMap { metadata($0) } }
        return keys.lazy.compactMap { self.metadata($0) }.first { candidate in
            if let leading = candidate.leadingDigits { return leading.matchesAtStart(national) }
            return candidate.type(of: national) != nil
        }
    }
}
