/// Formats a phone number as it is typed, digit by digit, as libphonenumber's
/// `AsYouTypeFormatter` does: `010 0123 4567` while `01001234567` is typed in Egypt, `+44 20 7946
/// 0018` for `+442079460018`. A number typed with its international prefix (`00`, `011`) or
/// `+` is formatted for the region of its calling code; one typed nationally, for the region the
/// formatter was made for, its national prefix (`0`, the NANP's `1`) apart.
///
/// Feed it the digits (of any script: they are shown in ASCII) and a leading `+`;
/// ``format(_:region:)`` does so for a whole text and drops what is neither, as Android's
/// `PhoneNumberFormattingTextWatcher` drops the separators a person typed. Every state of every
/// example number of every region agrees with libphonenumber's (the tests type each one).
public struct AsYouTypeFormatter: Sendable {
    /// What the formatter shows now.
    public private(set) var output = ""

    private let defaultMetadata: PhoneMetadata?
    private var metadata: PhoneMetadata?
    // The state below is bytes (ASCII digits; UTF-8 for what was typed and a template), in
    // arrays made with room for a number at the start, so that a keystroke allocates nothing
    // but the text it shows.
    private var accruedInput: [UInt8] = []  // what was typed, as typed (UTF-8)
    private var accruedDigits: [UInt8] = []  // the digits and `+` typed
    private var nationalNumber: [UInt8] = []
    private var prefixBeforeNationalNumber: [UInt8] = []
    private var extractedNationalPrefix: [UInt8] = []
    private var template: [UInt8] = []
    private var written: [UInt8] = []  // what is shown, when it is not what was typed
    private var typedCount = 0
    private var lastMatchPosition = 0
    private var currentFormat: NumberFormat?  // whose template is in use
    private var shouldAddSpaceAfterNationalPrefix = false
    private var ableToFormat = true
    private var inputHasFormatting = false
    private var isCompleteNumber = false
    private var isExpectingCallingCode = false
    private var possibleFormats: [NumberFormat] = []

    /// A formatter for numbers typed in `region`; nil: none, so that only a number typed with
    /// `+` is formatted.
    public init(region: PhoneRegion?) {
        self.init(metadata: region.flatMap { MetadataStore.shared.metadata(forCallingCode: $0.callingCode) })
    }

    private init(metadata: PhoneMetadata?) {
        defaultMetadata = metadata
        self.metadata = metadata
        accruedInput.reserveCapacity(Self.room)
        accruedDigits.reserveCapacity(Self.room)
        nationalNumber.reserveCapacity(Self.room)
        prefixBeforeNationalNumber.reserveCapacity(Self.room)
        extractedNationalPrefix.reserveCapacity(Self.room)
        template.reserveCapacity(Self.room)
        written.reserveCapacity(2 * Self.room)
        possibleFormats.reserveCapacity(Self.room)
    }

    /// `text` formatted as if its digits and its leading `+` were typed one by one; any other
    /// character (a separator, a letter) is dropped.
    public static func format(_ text: String, region: PhoneRegion?) -> String {
        var formatter = AsYouTypeFormatter(region: region)
        formatter.retype(text)
        return formatter.output
    }

    /// Shows `text` as ``format(_:region:)`` writes it. When its digits and leading `+` start
    /// with those this formatter was typed (a keystroke at the end of the field, the usual
    /// edit), only the rest is typed; otherwise the formatter starts again.
    package mutating func retype(_ text: String) {
        if typedCount == accruedDigits.count, typeRest(of: text) { return }
        clear()
        _ = typeRest(of: text)
    }

    /// Types the digits and leading `+` of `text` that come after those typed so far; false,
    /// having typed nothing, when they do not start with those.
    private mutating func typeRest(of text: String) -> Bool {
        let typed = accruedDigits.count
        var seen = 0
        var shown: Shown?
        for scalar in text.unicodeScalars {
            guard let byte = Self.significantByte(scalar, first: seen == 0) else { continue }
            if seen < typed {
                guard byte == accruedDigits[seen] else { return false }
            } else {
                shown = step(Unicode.Scalar(byte))
            }
            seen += 1
        }
        guard seen >= typed else { return false }
        if let shown { show(shown) }
        return true
    }

    /// Forgets what was typed.
    public mutating func clear() {
        metadata = defaultMetadata
        output = ""
        accruedInput.removeAll(keepingCapacity: true)
        accruedDigits.removeAll(keepingCapacity: true)
        nationalNumber.removeAll(keepingCapacity: true)
        prefixBeforeNationalNumber.removeAll(keepingCapacity: true)
        extractedNationalPrefix.removeAll(keepingCapacity: true)
        template.removeAll(keepingCapacity: true)
        written.removeAll(keepingCapacity: true)
        (typedCount, lastMatchPosition, currentFormat) = (0, 0, nil)
        (shouldAddSpaceAfterNationalPrefix, ableToFormat, inputHasFormatting) = (false, true, false)
        (isCompleteNumber, isExpectingCallingCode) = (false, false)
        possibleFormats.removeAll(keepingCapacity: true)
    }

    /// Types `character`; returns what the formatter shows then. A character that is neither a
    /// digit nor a leading `+` stops the formatting: the text is then shown as typed.
    @discardableResult
    public mutating func input(_ character: Character) -> String {
        let scalars = character.unicodeScalars
        if let scalar = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
            show(step(scalar))
        } else {
            accruedInput.append(contentsOf: character.utf8)
            typedCount += 1
            (ableToFormat, inputHasFormatting) = (false, true)
            show(.typed)
        }
        return output
    }

    private mutating func show(_ shown: Shown) {
        switch shown {
        case .typed: output = String(decoding: accruedInput, as: UTF8.self)
        case .written: output = String(decoding: written, as: UTF8.self)
        }
    }

    private mutating func step(_ typed: Unicode.Scalar) -> Shown {
        UTF8.encode(typed) { accruedInput.append($0) }
        typedCount += 1
        if let digit = Self.asciiDigit(typed) {
            accruedDigits.append(digit)
            nationalNumber.append(digit)
        } else if typedCount == 1, typed == "+" || typed == "\u{FF0B}" {
            accruedDigits.append(Self.plus)
        } else {
            (ableToFormat, inputHasFormatting) = (false, true)
            return .typed
        }
        guard ableToFormat else { return inputHasFormatting ? .typed : restartAfterPrefixChange() }
        switch accruedDigits.count {
        case 0...2:
            return .typed
        case 3:
            if extractInternationalPrefix() {
                isExpectingCallingCode = true
            } else {
                let end = removeNationalPrefix()
                extractedNationalPrefix.removeAll(keepingCapacity: true)
                extractedNationalPrefix.append(contentsOf: nationalNumber[..<end])
                nationalNumber.removeFirst(end)
                return chooseFormat()
            }
        default:
            break
        }
        if isExpectingCallingCode {
            if extractCallingCode() { isExpectingCallingCode = false }
            written.removeAll(keepingCapacity: true)
            written.appendBytes(of: prefixBeforeNationalNumber[...])
            written.appendBytes(of: nationalNumber[...])
            return .written
        }
        guard !possibleFormats.isEmpty else { return chooseFormat() }
        let partial = fillTemplate(with: nationalNumber.last ?? UInt8(ascii: "0"))
        if formatWhole() { return .written }
        narrowFormats()
        if makeTemplate() { return refillTemplate() }
        return ableToFormat ? appendNationalNumber(partial) : .typed
    }

    /// A digit after the formatting stopped: the number may now read with an international
    /// prefix or a longer national prefix, and format again.
    private mutating func restartAfterPrefixChange() -> Shown {
        if extractInternationalPrefix() {
            if extractCallingCode() { return chooseFormatAfterPrefix() }
        } else if extractLongerNationalPrefix() {
            prefixBeforeNationalNumber.append(Self.space)
            return chooseFormatAfterPrefix()
        }
        return .typed
    }

    private mutating func chooseFormatAfterPrefix() -> Shown {
        ableToFormat = true
        isExpectingCallingCode = false
        possibleFormats.removeAll(keepingCapacity: true)
        lastMatchPosition = 0
        template.removeAll(keepingCapacity: true)
        currentFormat = nil
        return chooseFormat()
    }

    /// Puts the national prefix taken out back into the number, and takes a prefix out again;
    /// whether that is another.
    private mutating func extractLongerNationalPrefix() -> Bool {
        if !extractedNationalPrefix.isEmpty {
            nationalNumber.insert(contentsOf: extractedNationalPrefix, at: 0)
            prefixBeforeNationalNumber.removeSubrange(lastNationalPrefixStart()...)
        }
        let end = removeNationalPrefix()
        let another = !nationalNumber[..<end].elementsEqual(extractedNationalPrefix)
        nationalNumber.removeFirst(end)
        return another
    }

    /// Where the national prefix taken out was last put before the number (without it, one
    /// byte before the end, as libphonenumber's `rfind` of -1 slices).
    private func lastNationalPrefixStart() -> Int {
        let (prefix, needle) = (prefixBeforeNationalNumber, extractedNationalPrefix)
        let start = stride(from: prefix.count - needle.count, through: 0, by: -1).first {
            prefix[$0..<($0 + needle.count)].elementsEqual(needle)
        }
        return start ?? max(prefix.count - 1, 0)
    }

    /// The formats the national number typed so far may take, then the first that writes it.
    private mutating func chooseFormat() -> Shown {
        guard nationalNumber.count >= 3 else { return appendNationalNumber(.national) }
        addAvailableFormats()
        narrowFormats()
        if formatWhole() { return .written }
        return makeTemplate() ? refillTemplate() : .typed
    }

    private mutating func addAvailableFormats() {
        guard let metadata else { return }
        let international = isCompleteNumber && extractedNationalPrefix.isEmpty
        let formats =
            international && !metadata.internationalFormats.isEmpty
            ? metadata.internationalFormats : metadata.nationalFormats
        for format in formats {
            let firstGroupOnly = format.typing.hasFirstGroupOnly
            if !extractedNationalPrefix.isEmpty, firstGroupOnly, !format.nationalPrefixIsOptional,
                !format.hasCarrierCodeRule
            {
                continue
            }
            if extractedNationalPrefix.isEmpty, !isCompleteNumber, !firstGroupOnly, !format.nationalPrefixIsOptional {
                continue
            }
            if format.typing.isEligible { possibleFormats.append(format) }
        }
    }

    /// Drops the formats whose leading digits the national number does not start with.
    private mutating func narrowFormats() {
        Self.narrow(&possibleFormats, by: nationalNumber)
    }

    /// Writes the national number whole by the first format that matches all of it, when that
    /// keeps every digit typed; false when none does.
    private mutating func formatWhole() -> Bool {
        let (written, separates) = Self.writeWhole(
            nationalNumber, after: prefixBeforeNationalNumber, keeping: accruedDigits, by: possibleFormats,
            into: &self.written)
        if let separates { shouldAddSpaceAfterNationalPrefix = separates }
        return written
    }

    /// A template for the first possible format that can hold the number; false when none can.
    private mutating func makeTemplate() -> Bool {
        // The first format that can hold the number; one that cannot is dropped for good.
        while let format = possibleFormats.first {
            // libphonenumber compares the patterns: two formats of one pattern are one here.
            if let current = currentFormat, current === format || current.pattern.source == format.pattern.source {
                return false
            }
            if let made = format.typing.places, format.typing.digits >= nationalNumber.count {
                template.removeAll(keepingCapacity: true)
                template.append(contentsOf: made)
                currentFormat = format
                shouldAddSpaceAfterNationalPrefix = format.typing.separatesPrefix
                lastMatchPosition = 0
                return true
            }
            possibleFormats.removeFirst()
        }
        ableToFormat = false
        return false
    }

    private mutating func refillTemplate() -> Shown {
        guard !nationalNumber.isEmpty else {
            written.removeAll(keepingCapacity: true)
            written.appendBytes(of: prefixBeforeNationalNumber[...])
            return .written
        }
        var partial = Part.typed
        for index in nationalNumber.indices { partial = fillTemplate(with: nationalNumber[index]) }
        return ableToFormat ? appendNationalNumber(partial) : .typed
    }

    /// `digit` in the template's next place; the template up to it.
    private mutating func fillTemplate(with digit: UInt8) -> Part {
        let searchFrom = min(lastMatchPosition, template.count)
        guard template[searchFrom...].contains(Self.placeholder),
            let place = template.firstIndex(of: Self.placeholder)
        else {
            if possibleFormats.count == 1 { ableToFormat = false }
            currentFormat = nil
            return .typed
        }
        template[place] = digit
        lastMatchPosition = place
        return .template(through: place)
    }

    /// Writes the prefix before the national number, then `part`.
    private mutating func appendNationalNumber(_ part: Part) -> Shown {
        writePrefix()
        switch part {
        case .typed: written.appendBytes(of: accruedInput[...])
        case .national: written.appendBytes(of: nationalNumber[...])
        case .template(let place): written.appendBytes(of: template[...place])
        }
        return .written
    }

    /// ``written`` made the prefix before the national number, and the space after a national
    /// prefix when the format wants one.
    private mutating func writePrefix() {
        Self.write(prefixBeforeNationalNumber, spaced: shouldAddSpaceAfterNationalPrefix, into: &written)
    }

    /// The national (trunk) prefix at the start of the national number, written before it; how
    /// many digits it takes (the caller takes them out).
    private mutating func removeNationalPrefix() -> Int {
        let digits = nationalNumber
        if metadata?.callingCode == "1", digits.count > 1, digits[0] == UInt8(ascii: "1"),
            digits[1] != UInt8(ascii: "0"), digits[1] != UInt8(ascii: "1")
        {
            prefixBeforeNationalNumber.append(contentsOf: "1 ".utf8)
            isCompleteNumber = true
            return 1
        }
        if let end = metadata?.nationalPrefixForParsing?.matchEnd(atStartOf: digits), end > 0 {
            isCompleteNumber = true
            prefixBeforeNationalNumber.append(contentsOf: digits[..<end])
            return end
        }
        return 0
    }

    /// A `+` or the region's international prefix at the start, moved before the number.
    private mutating func extractInternationalPrefix() -> Bool {
        let end: Int?
        if accruedDigits.first == Self.plus {
            end = 1
        } else if let metadata {
            // No international prefix: libphonenumber's pattern `\+|` then matches nothing at all.
            end = metadata.internationalPrefix.map { $0.matchEnd(atStartOf: accruedDigits) } ?? 0
        } else {
            end = nil
        }
        guard let end else { return false }
        isCompleteNumber = true
        nationalNumber.removeAll(keepingCapacity: true)
        nationalNumber.append(contentsOf: accruedDigits[end...])
        prefixBeforeNationalNumber.removeAll(keepingCapacity: true)
        prefixBeforeNationalNumber.append(contentsOf: accruedDigits[..<end])
        if accruedDigits.first != Self.plus { prefixBeforeNationalNumber.append(Self.space) }
        return true
    }

    /// The calling code at the start of the number, moved before it; its region's formats then.
    private mutating func extractCallingCode() -> Bool {
        guard let code = MetadataStore.shared.callingCode(atStartOf: nationalNumber) else { return false }
        nationalNumber.removeFirst(code.utf8.count)
        metadata = MetadataStore.shared.metadata(forCallingCode: code)
        prefixBeforeNationalNumber.append(contentsOf: code.utf8)
        prefixBeforeNationalNumber.append(Self.space)
        extractedNationalPrefix.removeAll(keepingCapacity: true)
        return true
    }
}
