import Foundation

/// UTS 46's mapping of a domain (Unicode IDNA compatibility processing, its steps 1 and 2: map,
/// normalise), as `idna.uts46_remap(domain, std3_rules=True, transitional=False)` gives it.
///
/// Each scalar is looked up in UTS 46's table (generated from the pinned idna release by
/// `tools/idna/generate`, in `Generated/UTS46+Table.swift`): a valid one is kept, and so is a
/// deviation (`ß`, `ς`, the zero-width joiners: nontransitional processing); a mapped one is
/// replaced by what it maps to (`A` by `a`, `𝐞` by `e`, `ﬀ` by `ff`, `。` by `.`); an ignored one
/// is removed (U+034F, the variation selectors, the soft hyphen); a disallowed one refuses the
/// domain. By UseSTD3ASCIIRules, a mapping that holds ASCII other than lower-case letters, digits,
/// `-` and `.` is refused too (`ex_ample`, `ﷺ`, which maps to words and spaces). What is left is
/// given in NFC. The agreement test checks idna's answer on every row of the table
/// (`Tests/SignUpTests/UTS46Samples.tsv`, written with the table).
///
/// The cost is linear in the domain: a binary search of the table per scalar, and a mapping of
/// at most 18 scalars each. The table is split once, when a domain beyond ASCII is first mapped.
enum UTS46 {
    /// `domain` mapped by UTS 46, in NFC; nil when it holds a disallowed scalar, or ASCII other
    /// than letters, digits, `-` and `.` once mapped.
    static func map(_ domain: Substring) -> String? {
        // ASCII maps by case alone, and is in NFC: the table is not needed.
        if domain.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(domain.utf8.count)
            for byte in domain.utf8 {
                let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
                guard isSTD3Valid(lower) else { return nil }
                bytes.append(lower)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        let table = Self.table
        var mapped = String.UnicodeScalarView()
        for scalar in domain.unicodeScalars {
            let row = table.row(of: scalar.value)
            switch table.statuses[row] {
            case UInt8(ascii: "V"), UInt8(ascii: "D"):
                mapped.append(scalar)
            case UInt8(ascii: "M"):
                mapped.append(contentsOf: table.mapping(ofRow: row))
            case UInt8(ascii: "I"):
                continue
            default:
                return nil
            }
        }
        guard mapped.allSatisfy({ !$0.isASCII || isSTD3Valid(UInt8($0.value)) }) else { return nil }
        return String(mapped).precomposedStringWithCanonicalMapping
    }

    /// A lower-case letter, a digit, `-` or `.`: the ASCII UseSTD3ASCIIRules lets through.
    private static func isSTD3Valid(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"),
            UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    /// The table, split from `tableText` when first used.
    private static let table = Table(parsing: tableText)

    /// UTS 46's table as sorted arrays: row `i` is the range from `starts[i]` to the next row's
    /// start, of status `statuses[i]` (`V`, `M`, `D`, `I` or `X`); a mapped row's scalars are
    /// `mapped[mappingBounds[i]..<mappingBounds[i + 1]]`.
    private struct Table: Sendable {
        var starts: [UInt32] = []
        var statuses: [UInt8] = []
        var mappingBounds: [Int] = [0]
        var mapped: [Unicode.Scalar] = []

        init(parsing text: String) {
            for line in text.utf8.split(separator: UInt8(ascii: "\n")) {
                let fields = line.split(separator: UInt8(ascii: " "))
                guard fields.count >= 2, let start = Self.hex(fields[0]), let status = fields[1].first,
                    starts.last.map({ $0 < start }) ?? (start == 0)
                else { preconditionFailure("UTS 46 table: malformed row \(String(decoding: line, as: UTF8.self))") }
                starts.append(start)
                statuses.append(status)
                for field in fields.dropFirst(2) {
                    guard let value = Self.hex(field), let scalar = Unicode.Scalar(value) else {
                        preconditionFailure("UTS 46 table: malformed mapping \(String(decoding: line, as: UTF8.self))")
                    }
                    mapped.append(scalar)
                }
                mappingBounds.append(mapped.count)
            }
        }

        /// The row whose range holds `value`: the last that starts at or before it.
        func row(of value: UInt32) -> Int {
            // starts[low] <= value < starts[high], with starts.count standing for past U+10FFFF.
            var low = 0
            var high = starts.count
            while high - low > 1 {
                let middle = low + (high - low) / 2
                if starts[middle] <= value { low = middle } else { high = middle }
            }
            return low
        }

        /// What the scalars of a mapped row map to.
        func mapping(ofRow row: Int) -> ArraySlice<Unicode.Scalar> {
            mapped[mappingBounds[row]..<mappingBounds[row + 1]]
        }

        /// A hexadecimal number of ASCII digits, nil when it is none.
        private static func hex(_ digits: some Collection<UInt8>) -> UInt32? {
            guard !digits.isEmpty, digits.count <= 6 else { return nil }
            var value: UInt32 = 0
            for digit in digits {
                switch digit {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt32(digit - UInt8(ascii: "0"))
                case UInt8(ascii: "A")...UInt8(ascii: "F"): value = value << 4 | UInt32(digit - UInt8(ascii: "A") + 10)
                default: return nil
                }
            }
            return value
        }
    }
}
