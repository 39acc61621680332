import Hourglass
import TestSupport
import Testing

@testable import HourglassLineMode

/// What the panel writes to the terminal: exact escape sequences, with the size given.
@Suite("linemode live panel: the terminal writer")
struct PanelTerminalTests {
    /// A panel writing into `output`, on a terminal of `size` (changed by the test at will).
    final class Terminal: Sendable {
        let output = Locked<[String]>([])
        let size: Locked<PanelTerminal.Size>
        let panel: PanelTerminal

        init(columns: Int, rows: Int) {
            let output = output
            let size = Locked(PanelTerminal.Size(columns: columns, rows: rows))
            self.size = size
            panel = PanelTerminal(
                write: { text in output.withLock { $0.append(text) } }, measure: { size.withLock { $0 } })
        }

        /// The writes so far, emptied.
        func take() -> [String] {
            output.withLock { writes in
                defer { writes = [] }
                return writes
            }
        }
    }

    static let clearAll = "\u{1B}[H\u{1B}[2J"

    /// Row `row` (from 1) addressed, `text`, the rest of the row erased.
    static func row(_ row: Int, _ text: String) -> String {
        "\u{1B}[\(row);1H\(text)\u{1B}[K"
    }

    @Test("the first draw clears the screen and prompts below the panel; a change redraws in place")
    func inPlace() {
        let terminal = Terminal(columns: 30, rows: 24)
        terminal.panel.show(["send: [Get code]"])
        let panelRows = [Self.row(1, "send: [Get code]"), Self.row(2, "── messages"), Self.row(3, ""), Self.row(4, "")]
        let rows = panelRows.joined() + Self.row(5, "")
        #expect(terminal.take() == [Self.clearAll + rows + "\u{1B}[6;1H> "])
        terminal.panel.prompt()
        #expect(terminal.take() == ["\u{1B}[6;1H\u{1B}[J> "])
        terminal.panel.show(["send: [Resend in 57s] (disabled)"])
        terminal.panel.add(message: "Code sent")
        #expect(
            terminal.take() == [
                "\u{1B}7" + Self.row(1, "send: [Resend in 57s] (disabl…") + panelRows[1...].joined() + Self.row(5, "")
                    + "\u{1B}8",
                "\u{1B}7" + Self.row(1, "send: [Resend in 57s] (disabl…") + panelRows[1] + Self.row(3, "Code sent")
                    + panelRows[3] + Self.row(5, "") + "\u{1B}8",
            ])
        terminal.panel.finish()
        terminal.panel.show(["send: [Get code]"])
        terminal.panel.prompt()
        #expect(terminal.take() == ["\u{1B}[6;1H\u{1B}[J"])
    }

    @Test("a resized terminal and a panel that grew are drawn whole again, prompt included")
    func whole() {
        let terminal = Terminal(columns: 30, rows: 24)
        terminal.panel.show(["send: [Get code]"])
        _ = terminal.take()
        terminal.size.withLock { $0 = PanelTerminal.Size(columns: 10, rows: 24) }
        terminal.panel.prompt()
        let narrow = [Self.row(1, "send: [Ge…"), Self.row(2, "── messag…"), Self.row(3, ""), Self.row(4, "")]
        #expect(terminal.take() == [Self.clearAll + narrow.joined() + Self.row(5, "") + "\u{1B}[6;1H> "])
        terminal.panel.show(["destination: \"\"", "send: [Get code]"])
        let grown = [
            Self.row(1, "destinati…"), Self.row(2, "send: [Ge…"), Self.row(3, "── messag…"), Self.row(4, ""),
            Self.row(5, ""), Self.row(6, ""),
        ]
        #expect(terminal.take() == [Self.clearAll + grown.joined() + "\u{1B}[7;1H> "])
        terminal.panel.show(["send: [Get code]"])
        let shrunk = [
            Self.row(1, "send: [Ge…"), Self.row(2, "── messag…"), Self.row(3, ""), Self.row(4, ""),
            Self.row(5, ""), Self.row(6, ""),
        ]
        #expect(terminal.take() == ["\u{1B}7" + shrunk.joined() + "\u{1B}8"])
    }

    @Test("on a terminal too short for the panel, only the rows above the command line and the next are drawn")
    func short() {
        let terminal = Terminal(columns: 30, rows: 4)
        terminal.panel.show(["send: [Get code]"])
        #expect(
            terminal.take() == [
                Self.clearAll + Self.row(1, "send: [Get code]") + Self.row(2, "── messages") + "\u{1B}[3;1H> "
            ])
        terminal.size.withLock { $0 = PanelTerminal.Size(columns: 30, rows: 1) }
        terminal.panel.prompt()
        #expect(terminal.take() == [Self.clearAll + "\u{1B}[1;1H> "])
    }
}
