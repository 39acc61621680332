/// Punycode (RFC 3492): the ASCII form of an internationalised domain label, as `bücher` is
/// `bcher-kva` in `xn--bcher-kva`. What ``Destination`` needs to read a domain typed either way.
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 128

    /// The label `encoded` stands for (without its `xn--`), or nil when it is no valid Punycode.
    static func decode(_ encoded: Substring) -> String? {
        var output: [Unicode.Scalar] = []
        var rest = encoded[...]
        if let delimiter = encoded.lastIndex(of: "-") {
            for character in encoded[..<delimiter] {
                guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                    scalar.isASCII
                else { return nil }
                output.append(scalar)
            }
            rest = encoded[encoded.index(after: delimiter)...]
        }
        var (n, i, bias) = (initialN, 0, initialBias)
        var digits = rest.makeIterator()
        var next = digits.next()
        while next != nil {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard let character = next, let digit = value(of: character) else { return nil }
                next = digits.next()
                let (scaled, overflow) = digit.multipliedReportingOverflow(by: weight)
                guard !overflow, i <= Int(Int32.max) - scaled else { return nil }
                i += scaled
                let t = threshold(k, bias: bias)
                if digit < t { break }
                let (newWeight, weightOverflow) = weight.multipliedReportingOverflow(by: base - t)
                guard !weightOverflow, newWeight <= Int(Int32.max) else { return nil }
                weight = newWeight
                k += base
            }
            bias = adapt(i - oldI, points: output.count + 1, first: oldI == 0)
            n += i / (output.count + 1)
            i %= output.count + 1
            guard n >= initialN, let scalar = Unicode.Scalar(UInt32(min(n, 0x11_0000))) else { return nil }
            output.insert(scalar, at: i)
            i += 1
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: output)
        return text
    }

    /// The Punycode of `label` (without `xn--`).
    static func encode(_ label: String) -> String {
        let scalars = Array(label.unicodeScalars)
        var output = String(String.UnicodeScalarView(scalars.filter(\.isASCII)))
        let basic = output.unicodeScalars.count
        var handled = basic
        if basic > 0 { output.append("-") }
        var (n, delta, bias) = (initialN, 0, initialBias)
        while handled < scalars.count {
            let m = scalars.map { Int($0.value) }.filter { $0 >= n }.min() ?? n
            delta += (m - n) * (handled + 1)
            n = m
            for scalar in scalars {
                let value = Int(scalar.value)
                if value < n { delta += 1 }
                guard value == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = threshold(k, bias: bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, points: handled + 1, first: handled == basic)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return output
    }

    private static func threshold(_ k: Int, bias: Int) -> Int {
        k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
    }

    private static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// `a`–`z` are 0–25 and `0`–`9` 26–35, in either case.
    private static func value(of character: Character) -> Int? {
        guard let ascii = character.asciiValue else { return nil }
        switch ascii {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return Int(ascii - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return Int(ascii - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(ascii - UInt8(ascii: "0")) + 26
        default: return nil
        }
    }

    private static func digit(_ value: Int) -> Character {
        Character(Unicode.Scalar(UInt8(value < 26 ? 97 + value : 22 + value)))
    }
}
