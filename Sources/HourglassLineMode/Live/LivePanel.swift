/// What live mode shows at a terminal, as text: the screen's lines, one a control (secrets
/// masked, as the screen gives them), then a rule and the last few messages (announcements and
/// problems), newest last. A pure value: ``rows(columns:)`` is the frame a terminal draws.
struct LivePanel: Equatable, Sendable {
    /// How many messages the panel keeps; the oldest goes first.
    static let keptMessages = 3

    /// The rule between the screen and the messages.
    static let rule = "── messages"

    /// The screen as last shown.
    private(set) var lines: [String] = []

    /// The last messages, oldest first; at most ``keptMessages``.
    private(set) var messages: [String] = []

    /// Takes the screen's lines as they are now.
    mutating func show(_ lines: [String]) {
        self.lines = lines
    }

    /// Adds `message`, dropping the oldest beyond ``keptMessages``.
    mutating func add(message: String) {
        messages.append(message)
        messages.removeFirst(max(0, messages.count - Self.keptMessages))
    }

    /// The frame for a terminal `columns` wide: the screen lines, the rule, then
    /// ``keptMessages`` message rows (blank until there are that many), each cut to fit.
    func rows(columns: Int) -> [String] {
        let blanks = Array(repeating: "", count: Self.keptMessages - messages.count)
        return (lines + [Self.rule] + messages + blanks).map { Self.fit($0, columns: columns) }
    }

    /// `text` in at most `columns` terminal columns, ending in "…" when cut. A wide (East Asian)
    /// character takes two columns; a control character shows as "�", so that nothing typed
    /// into a field can move the cursor.
    static func fit(_ text: String, columns: Int) -> String {
        var result = ""
        var used = 0
        let characters = text.map { isControl($0) ? "\u{FFFD}" : $0 }
        let total = characters.reduce(0) { $0 + width(of: $1) }
        let room = total <= columns ? columns : columns - 1
        for character in characters {
            let width = width(of: character)
            if used + width > room { break }
            result.append(character)
            used += width
        }
        return total <= columns || columns < 1 ? result : result + "…"
    }

    /// The columns `character` takes at a terminal: 2 for the wide East Asian ranges, else 1.
    static func width(of character: Character) -> Int {
        guard let value = character.unicodeScalars.first?.value else { return 0 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(value) } ? 2 : 1
    }

    /// Whether `character` is a C0 or C1 control character or DEL.
    static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}
