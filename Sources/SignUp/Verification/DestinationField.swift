public import PhoneNumbers

/// The destination field as a platform text field binds to it: its text, formatted as the
/// number is typed, and its caret, kept after the same digit across every reformatting.
///
/// A phone number is written as libphonenumber's `AsYouTypeFormatter` writes it for the region
/// in effect (`AsYouTypeFormatter` in `PhoneNumbers`): its digits, of any script, and a leading
/// `+` are fed to it, and the separators a person typed are dropped, as Android's
/// `PhoneNumberFormattingTextWatcher` does. Text with a letter or an `@` (an e-mail address
/// being typed) is left as typed. A paste is an edit like any other: formatted at once.
///
/// Positions are counted in `Character`s from the start of ``text``. Bind a text field by
/// handing each of its edits to ``replace(_:with:)`` (or ``deleteBackward()`` for the delete
/// key), then setting its text and caret from ``text`` and ``caret``; hand ``text`` to the
/// verification screen as `VerificationEvent.destinationChanged`.
public struct DestinationField: Hashable, Sendable {
    /// What the field shows.
    public private(set) var text: String
    /// Where the caret is: the number of characters before it.
    public private(set) var caret: Int
    /// The region a number typed without `+` is formatted for.
    public var region: PhoneRegion? {
        didSet {
            typing = nil
            reformat(text, caret: caret)
        }
    }
    /// The formatter that wrote ``text``, and what it was fed (digits and a leading `+`): an
    /// edit that only adds after them (a keystroke at the end, the usual one) feeds it the rest,
    /// instead of typing the whole number again.
    private var typing: (formatter: AsYouTypeFormatter, fed: [Character])?

    /// A field holding `text` (formatted at once), its caret at the end.
    public init(text: String = "", region: PhoneRegion?) {
        self.init(text: text, caret: text.count, region: region)
    }

    /// A field holding `text` as a platform field holds it after an edit of its own, the caret
    /// at `caret` in it: formatted, the caret after the same digits.
    public init(text: String, caret: Int, region: PhoneRegion?) {
        self.text = ""
        self.caret = 0
        self.region = region
        reformat(text, caret: caret)
    }

    /// `text` as the field shows it: a number formatted as typed, anything else as it is.
    public static func formatted(_ text: String, region: PhoneRegion?) -> String {
        isNumber(text) ? AsYouTypeFormatter.format(text, region: region) : text
    }

    /// Replaces the characters in `range` (clamped to the text) with `replacement`, as a
    /// keystroke, a paste or a cut does; the caret ends after what was put in, past the same
    /// digits as before the reformatting.
    public mutating func replace(_ range: Range<Int>, with replacement: String) {
        let count = text.count
        let lower = min(max(range.lowerBound, 0), count)
        let upper = min(max(range.upperBound, lower), count)
        let start = text.index(text.startIndex, offsetBy: lower)
        let end = text.index(start, offsetBy: upper - lower)
        reformat(String(text[..<start]) + replacement + String(text[end...]), caret: lower + replacement.count)
    }

    /// The delete key: removes the character before the caret, or in a formatted number, when
    /// that is a separator the formatter wrote, the digit before it.
    public mutating func deleteBackward() {
        guard caret > 0 else { return }
        let characters = Array(text)
        var index = caret - 1
        if Self.isNumber(text) {
            while index >= 0, !Self.isSignificant(characters[index]) { index -= 1 }
            guard index >= 0 else { return }
        }
        replace(index..<(index + 1), with: "")
    }

    /// Moves the caret to `position` (clamped to the text), as a tap in the field does.
    public mutating func moveCaret(to position: Int) {
        caret = min(max(position, 0), text.count)
    }

    /// `raw` formatted, its caret `rawCaret` moved past the same digits in the result.
    private mutating func reformat(_ raw: String, caret rawCaret: Int) {
        guard Self.isNumber(raw) else {
            (text, caret) = (raw, min(max(rawCaret, 0), raw.count))
            return
        }
        let before = raw.prefix(max(rawCaret, 0)).filter(Self.isSignificant).count
        text = typed(raw)
        var seen = 0
        var position = 0
        for character in text {
            if seen == before { break }
            position += 1
            if Self.isSignificant(character) { seen += 1 }
        }
        caret = position
    }

    /// `raw` formatted as `AsYouTypeFormatter.format(_:region:)` writes it: the formatter fed
    /// the same characters, by the last one when they follow what it was fed.
    private mutating func typed(_ raw: String) -> String {
        var wanted: [Character] = []
        for scalar in raw.unicodeScalars {
            if let digit = PhoneNumbering.asciiDigit(scalar) {
                wanted.append(Character(digit))
            } else if scalar == "+" || scalar == "\u{FF0B}", wanted.isEmpty {
                wanted.append("+")
            }
        }
        var (formatter, fed) = typing ?? (AsYouTypeFormatter(region: region), [])
        if wanted.count < fed.count || !wanted.starts(with: fed) {
            (formatter, fed) = (AsYouTypeFormatter(region: region), [])
        }
        for character in wanted[fed.count...] { formatter.input(character) }
        typing = (formatter, wanted)
        return formatter.output
    }

    /// Equal when they show the same text, caret and region (however the text was made).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.text == rhs.text && lhs.caret == rhs.caret && lhs.region == rhs.region
    }

    /// Hashes the text, the caret and the region.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(caret)
        hasher.combine(region)
    }

    /// Whether `text` is a number being typed: no letter and no `@`.
    private static func isNumber(_ text: String) -> Bool {
        !text.contains { $0.isLetter || $0 == "@" || $0 == "＠" }
    }

    /// A digit of any script (as `PhoneNumbering` reads one), or a plus sign: what the
    /// formatter keeps.
    private static func isSignificant(_ character: Character) -> Bool {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return false }
        return PhoneNumbering.asciiDigit(scalar) != nil || scalar == "+" || scalar == "\u{FF0B}"
    }
}
