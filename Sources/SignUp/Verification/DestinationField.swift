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
            formatter = nil
            reformat(FieldText(text), caret: caret)
        }
    }
    /// The formatter that wrote ``text``: an edit that only adds after the digits it was typed
    /// (a keystroke at the end, the usual one) types it the rest, instead of the whole number
    /// again.
    private var formatter: AsYouTypeFormatter?

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
        reformat(FieldText(text), caret: caret)
    }

    /// `text` as the field shows it: a number formatted as typed, anything else as it is.
    public static func formatted(_ text: String, region: PhoneRegion?) -> String {
        FieldText(text).isNumber ? AsYouTypeFormatter.format(text, region: region) : text
    }

    /// Replaces the characters in `range` (clamped to the text) with `replacement`, as a
    /// keystroke, a paste or a cut does; the caret ends after what was put in, past the same
    /// digits as before the reformatting.
    public mutating func replace(_ range: Range<Int>, with replacement: String) {
        let current = FieldText(text)
        let count = current.count
        let lower = min(max(range.lowerBound, 0), count)
        let upper = min(max(range.upperBound, lower), count)
        let (start, end) = (current.index(lower), current.index(upper))
        var edited = ""
        edited.reserveCapacity(text.utf8.count + replacement.utf8.count)
        edited += text[..<start]
        edited += replacement
        edited += text[end...]
        reformat(FieldText(edited), caret: lower + FieldText(replacement).count)
    }

    /// The delete key: removes the character before the caret, or in a formatted number, when
    /// that is a separator the formatter wrote, the digit before it.
    public mutating func deleteBackward() {
        guard caret > 0 else { return }
        let current = FieldText(text)
        var index = caret - 1
        if current.isNumber {
            guard let significant = current.lastSignificant(before: caret) else { return }
            index = significant
        }
        replace(index..<(index + 1), with: "")
    }

    /// Moves the caret to `position` (clamped to the text), as a tap in the field does.
    public mutating func moveCaret(to position: Int) {
        caret = min(max(position, 0), FieldText(text).count)
    }

    /// `raw` formatted, its caret `rawCaret` moved past the same digits in the result.
    private mutating func reformat(_ raw: FieldText, caret rawCaret: Int) {
        guard raw.isNumber else {
            (text, caret) = (raw.string, min(max(rawCaret, 0), raw.count))
            return
        }
        let before = raw.significantCount(before: max(rawCaret, 0))
        text = typed(raw.string)
        caret = FieldText(text).position(afterSignificant: before)
    }

    /// `raw` formatted as `AsYouTypeFormatter.format(_:region:)` writes it, by the formatter
    /// that wrote the text before (changed in place: a copy would copy its state).
    private mutating func typed(_ raw: String) -> String {
        if formatter == nil { formatter = AsYouTypeFormatter(region: region) }
        formatter!.retype(raw)
        return formatter!.output
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
}
