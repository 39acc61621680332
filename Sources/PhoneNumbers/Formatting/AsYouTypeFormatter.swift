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
    private var accruedInput = ""
    private var accruedDigits = ""  // the digits and `+` typed, in ASCII
    private var nationalNumber = ""
    private var prefixBeforeNationalNumber = ""
    private var extractedNationalPrefix = ""
    private var template: [Unicode.Scalar] = []
    private var typedCount = 0
    private var lastMatchPosition = 0
    private var currentPattern = ""
    private var shouldAddSpaceAfterNationalPrefix = false
    private var ableToFormat = true
    private var inputHasFormatting = false
    private var isCompleteNumber = false
    private var isExpectingCallingCode = false
    private var possibleFormats: [NumberFormat] = []

    /// A formatter for numbers typed in `region`; nil: none, so that only a number typed with
    /// `+` is formatted.
    public init(region: PhoneRegion?) {
        defaultMetadata = region.flatMap { MetadataStore.shared.metadata(forCallingCode: $0.callingCode) }
        metadata = defaultMetadata
    }

    /// `text` formatted as if its digits and its leading `+` were typed one by one; any other
    /// character (a separator, a letter) is dropped.
    public static func format(_ text: String, region: PhoneRegion?) -> String {
        var formatter = AsYouTypeFormatter(region: region)
        for scalar in text.unicodeScalars {
            if let digit = PhoneNumbering.asciiDigit(scalar) {
                formatter.input(Character(digit))
            } else if scalar == "+" || scalar == "\u{FF0B}", formatter.accruedInput.isEmpty {
                formatter.input("+")
            }
        }
        return formatter.output
    }

    /// Forgets what was typed.
    public mutating func clear() {
        self = AsYouTypeFormatter(metadata: defaultMetadata)
    }

    private init(metadata: PhoneMetadata?) {
        defaultMetadata = metadata
        self.metadata = metadata
    }

    /// Types `character`; returns what the formatter shows then. A character that is neither a
    /// digit nor a leading `+` stops the formatting: the text is then shown as typed.
    @discardableResult
    public mutating func input(_ character: Character) -> String {
        output = step(character)
        return output
    }

    private mutating func step(_ typed: Character) -> String {
        accruedInput.append(typed)
        typedCount += 1
        let scalar = typed.unicodeScalars.count == 1 ? typed.unicodeScalars.first : nil
        if let scalar, let digit = PhoneNumbering.asciiDigit(scalar) {
            accruedDigits.unicodeScalars.append(digit)
            nationalNumber.unicodeScalars.append(digit)
        } else if typedCount == 1, typed == "+" || typed == "\u{FF0B}" {
            accruedDigits.append("+")
        } else {
            (ableToFormat, inputHasFormatting) = (false, true)
            return accruedInput
        }
        guard ableToFormat else { return inputHasFormatting ? accruedInput : restartAfterPrefixChange() }
        switch accruedDigits.count {
        case 0...2:
            return accruedInput
        case 3:
            if extractInternationalPrefix() {
                isExpectingCallingCode = true
            } else {
                extractedNationalPrefix = removeNationalPrefix()
                return chooseFormat()
            }
        default:
            break
        }
        if isExpectingCallingCode {
            if extractCallingCode() { isExpectingCallingCode = false }
            return prefixBeforeNationalNumber + nationalNumber
        }
        guard !possibleFormats.isEmpty else { return chooseFormat() }
        let partial = fillTemplate(with: nationalNumber.last ?? "0")
        let formatted = formatWhole()
        if !formatted.isEmpty { return formatted }
        narrowFormats(by: nationalNumber)
        if makeTemplate() { return refillTemplate() }
        return ableToFormat ? appendNationalNumber(partial) : accruedInput
    }

    /// A digit after the formatting stopped: the number may now read with an international
    /// prefix or a longer national prefix, and format again.
    private mutating func restartAfterPrefixChange() -> String {
        if extractInternationalPrefix() {
            if extractCallingCode() { return chooseFormatAfterPrefix() }
        } else if extractLongerNationalPrefix() {
            prefixBeforeNationalNumber += " "
            return chooseFormatAfterPrefix()
        }
        return accruedInput
    }

    private mutating func chooseFormatAfterPrefix() -> String {
        ableToFormat = true
        isExpectingCallingCode = false
        possibleFormats = []
        lastMatchPosition = 0
        template = []
        currentPattern = ""
        return chooseFormat()
    }

    private mutating func extractLongerNationalPrefix() -> Bool {
        if !extractedNationalPrefix.isEmpty {
            nationalNumber = extractedNationalPrefix + nationalNumber
            let prefix = Array(prefixBeforeNationalNumber)
            let needle = Array(extractedNationalPrefix)
            // Where it was last put before the number (without it, one character less, as
            // libphonenumber's `rfind` of -1 slices).
            let start = stride(from: prefix.count - needle.count, through: 0, by: -1).first {
                Array(prefix[$0..<($0 + needle.count)]) == needle
            }
            prefixBeforeNationalNumber = String(prefix[..<(start ?? max(prefix.count - 1, 0))])
        }
        return extractedNationalPrefix != removeNationalPrefix()
    }

    /// The formats the national number typed so far may take, then the first that writes it.
    private mutating func chooseFormat() -> String {
        guard nationalNumber.count >= 3 else { return appendNationalNumber(nationalNumber) }
        addAvailableFormats()
        narrowFormats(by: nationalNumber)
        let formatted = formatWhole()
        if !formatted.isEmpty { return formatted }
        return makeTemplate() ? refillTemplate() : accruedInput
    }

    private mutating func addAvailableFormats() {
        guard let metadata else { return }
        let international = isCompleteNumber && extractedNationalPrefix.isEmpty
        let formats =
            international && !metadata.internationalFormats.isEmpty
            ? metadata.internationalFormats : metadata.nationalFormats
        for format in formats {
            let firstGroupOnly = Self.hasFirstGroupOnly(format.nationalPrefixRule)
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

    private mutating func narrowFormats(by leadingDigits: String) {
        let index = leadingDigits.count - 3
        possibleFormats.removeAll { format in
            let patterns = format.leadingDigitsPatterns
            guard !patterns.isEmpty else { return false }
            var chosen = min(index, patterns.count - 1)
            if chosen < 0 { chosen += patterns.count }  // as Python indexes from the end
            return !patterns[max(chosen, 0)].matchesAtStart(leadingDigits[...])
        }
    }

    /// The national number written whole by the first format that matches all of it, when
    /// that keeps every digit typed; empty otherwise.
    private mutating func formatWhole() -> String {
        for format in possibleFormats where format.pattern.matchesWhole(nationalNumber[...]) {
            shouldAddSpaceAfterNationalPrefix = Self.separatesPrefix(format.nationalPrefixRule)
            guard let written = format.pattern.substituteAtStart(format.template, in: nationalNumber[...]) else {
                continue
            }
            let full = appendNationalNumber(written)
            if Self.digitsAndPlus(of: full).elementsEqual(accruedDigits.utf8) { return full }
        }
        return ""
    }

    /// A template for the first possible format that can hold the number; false when none can.
    private mutating func makeTemplate() -> Bool {
        // The first format that can hold the number; one that cannot is dropped for good.
        while let format = possibleFormats.first {
            if currentPattern == format.pattern.source { return false }
            if let made = format.typing.places, format.typing.digits >= nationalNumber.count {
                template = made
                currentPattern = format.pattern.source
                shouldAddSpaceAfterNationalPrefix = Self.separatesPrefix(format.nationalPrefixRule)
                lastMatchPosition = 0
                return true
            }
            possibleFormats.removeFirst()
        }
        ableToFormat = false
        return false
    }

    private mutating func refillTemplate() -> String {
        guard !nationalNumber.isEmpty else { return prefixBeforeNationalNumber }
        var partial = ""
        for digit in nationalNumber { partial = fillTemplate(with: digit) }
        return ableToFormat ? appendNationalNumber(partial) : accruedInput
    }

    /// `digit` in the template's next place; the template up to it.
    private mutating func fillTemplate(with digit: Character) -> String {
        let digit = digit.unicodeScalars.first ?? "0"
        let searchFrom = min(lastMatchPosition, template.count)
        guard template[searchFrom...].contains(Self.placeholder),
            let place = template.firstIndex(of: Self.placeholder)
        else {
            if possibleFormats.count == 1 { ableToFormat = false }
            currentPattern = ""
            return accruedInput
        }
        template[place] = digit
        lastMatchPosition = place
        return String(String.UnicodeScalarView(template[...place]))
    }

    private func appendNationalNumber(_ national: String) -> String {
        if shouldAddSpaceAfterNationalPrefix, let last = prefixBeforeNationalNumber.last, last != " " {
            return prefixBeforeNationalNumber + " " + national
        }
        return prefixBeforeNationalNumber + national
    }

    /// The national (trunk) prefix at the start of the national number, moved before it.
    private mutating func removeNationalPrefix() -> String {
        var start = 0
        let digits = Array(nationalNumber)
        if metadata?.callingCode == "1", digits.count > 1, digits[0] == "1", digits[1] != "0", digits[1] != "1" {
            start = 1
            prefixBeforeNationalNumber += "1 "
            isCompleteNumber = true
        } else if let parsing = metadata?.nationalPrefixForParsing,
            let match = parsing.matchAtStart(nationalNumber[...]), match.end > nationalNumber.startIndex
        {
            isCompleteNumber = true
            start = nationalNumber.distance(from: nationalNumber.startIndex, to: match.end)
            prefixBeforeNationalNumber += String(digits[..<start])
        }
        nationalNumber = String(digits[start...])
        return String(digits[..<start])
    }

    /// A `+` or the region's international prefix at the start, moved before the number.
    private mutating func extractInternationalPrefix() -> Bool {
        var end: String.Index?
        if accruedDigits.first == "+" {
            end = accruedDigits.index(after: accruedDigits.startIndex)
        } else if let metadata {
            // No international prefix: libphonenumber's pattern `\+|` then matches nothing at all.
            end =
                metadata.internationalPrefix.map { $0.matchAtStart(accruedDigits[...])?.end }
                ?? accruedDigits.startIndex
        }
        guard let end else { return false }
        isCompleteNumber = true
        nationalNumber = String(accruedDigits[end...])
        prefixBeforeNationalNumber = String(accruedDigits[..<end]) + (accruedDigits.first == "+" ? "" : " ")
        return true
    }

    /// The calling code at the start of the number, moved before it; its region's formats then.
    private mutating func extractCallingCode() -> Bool {
        guard !nationalNumber.isEmpty, let code = MetadataStore.shared.callingCode(atStartOf: nationalNumber[...])
        else { return false }
        nationalNumber = String(nationalNumber.dropFirst(code.count))
        metadata = MetadataStore.shared.metadata(forCallingCode: code)
        prefixBeforeNationalNumber += code + " "
        extractedNationalPrefix = ""
        return true
    }

    /// The ASCII digits and `+` of `text`, as UTF-8, in order.
    private static func digitsAndPlus(of text: String) -> some Sequence<UInt8> {
        text.utf8.lazy.filter { (0x30...0x39).contains($0) || $0 == UInt8(ascii: "+") }
    }

    /// What stands for a digit in a template (libphonenumber's punctuation space).
    private static let placeholder: Unicode.Scalar = "\u{2008}"

    /// What the formatter reads of a format, made once with it.
    struct FormatTemplate: Sendable {
        /// Whether the format writes groups and punctuation alone, `$1` first (libphonenumber's
        /// eligible formats).
        let isEligible: Bool
        /// Its pattern's longest match of nines written by the format, each nine a place for a
        /// digit; nil when the pattern matches no nines.
        let places: [Unicode.Scalar]?
        /// How many digits ``places`` holds.
        let digits: Int

        init(pattern: NumberPattern, template: String) {
            isEligible = Self.isEligible(template)
            let nines = Substring("999999999999999")
            guard let match = pattern.matchAtStart(nines),
                let written = pattern.substitute(template, in: nines[..<match.end])
            else {
                (places, digits) = (nil, 0)
                return
            }
            places = written.unicodeScalars.map { $0 == "9" ? AsYouTypeFormatter.placeholder : $0 }
            digits = nines.distance(from: nines.startIndex, to: match.end)
        }

        private static func isEligible(_ template: String) -> Bool {
            var characters = template[...]
            var sawFirst = false
            while let character = characters.first {
                characters = characters.dropFirst()
                if character == "$", let digit = characters.first, digit.isASCII, digit.isNumber {
                    characters = characters.dropFirst()
                    if !sawFirst, digit != "1" { return false }
                    sawFirst = true
                } else if !punctuation.contains(character) {
                    return false
                }
            }
            return sawFirst
        }
    }

    /// Whether a national prefix rule writes the first group alone (`$1`, `($1)`), or is none.
    private static func hasFirstGroupOnly(_ rule: String?) -> Bool {
        guard let rule else { return true }
        return ["$1", "($1", "$1)", "($1)"].contains(rule)
    }

    /// Whether a rule separates the national prefix from the number (a space or a hyphen).
    private static func separatesPrefix(_ rule: String?) -> Bool {
        rule.map { $0.contains(" ") || $0.contains("-") } ?? false
    }

    /// libphonenumber's valid punctuation.
    private static let punctuation: Set<Character> = Set(
        "-x\u{2010}\u{2011}\u{2012}\u{2013}\u{2014}\u{2015}\u{2212}\u{30FC}\u{FF0D}\u{FF0E}\u{FF0F} \u{00A0}\u{00AD}\u{200B}\u{2060}\u{3000}()\u{FF08}\u{FF09}\u{FF3B}\u{FF3D}.[]/~\u{2053}\u{223C}\u{FF5E}"
    )
}
