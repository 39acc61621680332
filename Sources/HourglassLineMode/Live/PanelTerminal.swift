import Foundation
import Hourglass

/// Draws a ``LivePanel`` at the top of a terminal and keeps the command line (`> `) on the
/// row below it: live mode's screen when standard output is a terminal.
///
/// A screen change redraws the panel's rows in place (plain VT100: the cursor saved, each row
/// addressed and erased, the cursor restored), so what is being typed stays where it is.
/// The first draw, a change of the terminal's size and a panel that grew clear the screen and
/// draw it all again, prompt included. The panel never shrinks, so the command line stays put;
/// rows beyond the terminal's height, less two for the command line, are not drawn.
/// Safe from any thread: each draw is one `write` under a lock.
final class PanelTerminal: Sendable {
    private struct State {
        var panel = LivePanel()
        var height = 0
        var drawnSize: Size?
        var finished = false
    }

    private let write: @Sendable (String) -> Void
    private let measure: @Sendable () -> Size
    /// `write` is called under its lock too, so draws never interleave.
    private let state = Locked(State())

    /// A terminal's size in character cells.
    struct Size: Equatable, Sendable {
        var columns: Int
        var rows: Int
    }

    /// A panel drawn with `write` (text with escape sequences, no newline added) on a terminal
    /// whose size `measure` reads at each draw.
    init(write: @escaping @Sendable (String) -> Void, measure: @escaping @Sendable () -> Size) {
        self.write = write
        self.measure = measure
    }

    /// Shows the screen's `lines` (on the clock's context, after each change).
    func show(_ lines: [String]) {
        state.withLock { state in
            state.panel.show(lines)
            draw(&state)
        }
    }

    /// Adds a message (an announcement or a problem) to the panel.
    func add(message: String) {
        state.withLock { state in
            state.panel.add(message: message)
            draw(&state)
        }
    }

    /// Clears the command line and what is below it, and writes the prompt.
    func prompt() {
        state.withLock { state in
            guard !state.finished else { return }
            if state.drawnSize != measure() { return draw(&state) }
            write("\u{1B}[\(Self.visibleRows(state.drawnSize, height: state.height) + 1);1H\u{1B}[J> ")
        }
    }

    /// Leaves the panel on screen, clears the command line for what runs next, and draws no more.
    func finish() {
        state.withLock { state in
            guard !state.finished else { return }
            state.finished = true
            write("\u{1B}[\(Self.visibleRows(state.drawnSize, height: state.height) + 1);1H\u{1B}[J")
        }
    }

    /// Caller holds the lock.
    private func draw(_ state: inout State) {
        guard !state.finished else { return }
        let size = measure()
        let rows = state.panel.rows(columns: size.columns)
        let whole = size != state.drawnSize || rows.count > state.height
        state.height = max(state.height, rows.count)
        state.drawnSize = size
        let visible = Self.visibleRows(size, height: state.height)
        var text = whole ? "\u{1B}[H\u{1B}[2J" : "\u{1B}7"
        for row in 0..<visible {
            text += "\u{1B}[\(row + 1);1H" + (row < rows.count ? rows[row] : "") + "\u{1B}[K"
        }
        text += whole ? "\u{1B}[\(visible + 1);1H> " : "\u{1B}8"
        write(text)
    }

    /// How many of the panel's rows fit above the command line and the row an entered line
    /// moves the cursor to, so that pressing return never scrolls the panel away.
    private static func visibleRows(_ size: Size?, height: Int) -> Int {
        min(height, max(0, (size?.rows ?? 0) - 2))
    }

    /// Standard output's size (TIOCGWINSZ), or 80 × 24 when it cannot be read.
    static func standardOutputSize() -> Size {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return Size(columns: 80, rows: 24)
        }
        return Size(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}
