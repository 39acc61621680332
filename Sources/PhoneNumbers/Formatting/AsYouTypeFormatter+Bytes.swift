/// The formatter's constants and byte helpers, which hold no state.
extension AsYouTypeFormatter {
    /// What a step shows: what was typed, or the text in `written`.
    enum Shown { case typed, written }

    /// The national number's part a step writes after the prefix.
    enum Part {
        /// What was typed (libphonenumber's answer when the template has no room left).
        case typed
        /// The national number as it is.
        case national
        /// The template up to and with the place at this index.
        case template(through: Int)
    }

    /// The ASCII digit of a digit of any script, or `+` for a plus sign that comes `first`.
    static func significantByte(_ scalar: Unicode.Scalar, first: Bool) -> UInt8? {
        if let digit = asciiDigit(scalar) { return digit }
        return first && (scalar == "+" || scalar == "\u{FF0B}") ? plus : nil
    }

    /// The ASCII digit of a digit of any script (an ASCII digit without a look at its properties).
    static func asciiDigit(_ scalar: Unicode.Scalar) -> UInt8? {
        if scalar.value &- 0x30 < 10 { return UInt8(truncatingIfNeeded: scalar.value) }
        if scalar.isASCII { return nil }
        return PhoneNumbering.asciiDigit(scalar).map { UInt8(truncatingIfNeeded: $0.value) }
    }

    /// The ASCII digits and `+` of `text`, in order.
    static func digitsAndPlus(of text: [UInt8]) -> some Sequence<UInt8> {
        text.lazy.filter { (0x30...0x39).contains($0) || $0 == plus }
    }

    /// Drops from `formats` those whose leading digits `digits` do not start with. Static, as
    /// the writing below: given the arrays apart from `self`, it changes one while it reads
    /// another with no copy.
    static func narrow(_ formats: inout [NumberFormat], by digits: [UInt8]) {
        let index = digits.count - 3
        formats.removeAll { format in
            let patterns = format.leadingDigitsPatterns
            guard !patterns.isEmpty else { return false }
            var chosen = min(index, patterns.count - 1)
            if chosen < 0 { chosen += patterns.count }  // as Python indexes from the end
            return !patterns[max(chosen, 0)].matchesAtStart(digits)
        }
    }

    /// Writes `national` after `prefix` into `written` by the first of `formats` that matches
    /// all of it and keeps every digit and `+` of `typed`: whether one did, and whether the
    /// last that matched separates the national prefix (nil: none matched).
    static func writeWhole(
        _ national: [UInt8], after prefix: [UInt8], keeping typed: [UInt8], by formats: [NumberFormat],
        into written: inout [UInt8]
    ) -> (written: Bool, separatesPrefix: Bool?) {
        var separates: Bool?
        for format in formats {
            // The lengths first, read in place: the call below retains the pattern.
            let pattern = format.pattern
            guard national.count >= pattern.shortest, national.count <= pattern.longest, pattern.matchesWhole(national)
            else { continue }
            separates = format.typing.separatesPrefix
            write(prefix, spaced: format.typing.separatesPrefix, into: &written)
            guard format.write(national, into: &written) else { continue }
            if digitsAndPlus(of: written).elementsEqual(typed) { return (true, separates) }
        }
        return (false, separates)
    }

    /// `written` made `prefix`, a space after it when `spaced` and it ends in none.
    static func write(_ prefix: [UInt8], spaced: Bool, into written: inout [UInt8]) {
        written.removeAll(keepingCapacity: true)
        written.appendBytes(of: prefix[...])
        if spaced, let last = prefix.last, last != space { written.append(space) }
    }

    /// How much room the state's arrays are made with: more than the longest number and its
    /// international prefix.
    static let room = 32
    static let plus = UInt8(ascii: "+")
    static let space = UInt8(ascii: " ")

    /// What stands for a digit in a template (libphonenumber's punctuation space there; here a
    /// byte no template holds).
    static let placeholder: UInt8 = 0
}

extension [UInt8] {
    /// Appends `bytes` by copying their memory, without the retain and release of their
    /// storage that `append(contentsOf:)` of an array takes.
    mutating func appendBytes(of bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }
}
