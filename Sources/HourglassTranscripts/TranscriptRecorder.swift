import Foundation
public import Hourglass

/// Records a screen as a transcript: lines stamped with the clock time they changed at, in
/// the format `linemode` prints and its fixtures hold.
///
/// Feed it the screen's lines after every change (a view-model's `onChange`) and it writes
/// the lines that differ from those last written; a line whose key (the text before `": "`)
/// went away is written as `key: —`. Commands and notes go in unstamped, as a script's lines.
///
/// ```swift
/// let clock = VirtualClock()
/// let recorder = TranscriptRecorder(clock: clock)
/// let model = LoginModel(clock: clock, onChange: { screen in recorder.screenChanged(screen.lines) })
/// recorder.screenChanged(model.screen.lines)
/// recorder.append("tap sign-in")
/// model.tapSignIn()
/// clock.advance(by: .seconds(30))
/// try assertTranscript(recorder.transcript, matchesFile: url)
/// ```
///
/// Every screen line and announcement is written by the transcripts' one rule
/// (``TranscriptText``): one line, in order, the isolates of a right-to-left text kept.
///
/// Safe from any thread; the stamps read the clock's `logicalNow`, so a change
/// made in a timer callback is stamped with the instant the timer was due.
public final class TranscriptRecorder: Sendable {
    private struct State {
        var recorded: [String] = []
        var shown: [(key: String, line: String)] = []
    }

    private let clock: any TimerClock
    /// Called under the lock, so lines keep their order.
    private let write: (@Sendable (String) -> Void)?
    private let state = Locked(State())

    /// A recorder stamping with `clock`'s time. Each line goes to `write` as it is made, if
    /// given, and is kept for ``lines`` and ``transcript`` otherwise.
    public init(clock: any TimerClock, write: (@Sendable (String) -> Void)? = nil) {
        self.clock = clock
        self.write = write
    }

    /// The screen as it is now: writes, stamped, the lines that changed since the last call,
    /// then `key: —` for each line whose key is gone.
    public func screenChanged(_ lines: [String]) {
        let lines = lines.map { TranscriptText.escaped($0) }
        let stamp = Self.stamp(clock.logicalNow)
        state.withLock { state in
            // A line written last time at the same place keeps its key: most lines do not change.
            let shown = state.shown
            var entries: [(key: String, line: String)] = []
            entries.reserveCapacity(lines.count)
            for (index, line) in lines.enumerated() {
                let same = index < shown.count && shown[index].line == line
                entries.append((key: same ? shown[index].key : Self.key(of: line), line: line))
            }
            for entry in entries where !shown.contains(where: { $0 == entry }) { add(stamp + entry.line, to: &state) }
            for gone in shown where !entries.contains(where: { $0.key == gone.key }) {
                add(stamp + "\(gone.key): —", to: &state)
            }
            state.shown = entries
        }
    }

    /// Writes every line of the screen, stamped, changed or not (linemode's `show`).
    public func show(_ lines: [String]) {
        let stamp = Self.stamp(clock.logicalNow)
        state.withLock { state in for line in lines { add(stamp + TranscriptText.escaped(line), to: &state) } }
    }

    /// Writes `text` as an announcement (what a screen reader would say), stamped.
    public func announce(_ text: String) {
        let stamp = Self.stamp(clock.logicalNow)
        let text = TranscriptText.escaped(text)
        state.withLock { add(stamp + "announce: \(text)", to: &$0) }
    }

    /// Writes `line` as it is, unstamped: a command, a comment or a note.
    public func append(_ line: String) {
        state.withLock { add(line, to: &$0) }
    }

    /// Every line kept so far (none when the recorder writes to a sink).
    public var lines: [String] { state.withLock { $0.recorded } }

    /// The lines kept so far, each ended by a newline: what a transcript file holds.
    public var transcript: String { lines.map { $0 + "\n" }.joined() }

    /// `[   12.300] `: an instant in seconds to the millisecond, right-aligned in 8 columns.
    public static func stamp(_ instant: TimerInstant) -> String {
        let milliseconds = instant.nanoseconds / 1_000_000
        let sign = milliseconds < 0 ? "-" : ""
        let fraction = String(milliseconds.magnitude % 1_000)
        let zeros = String(repeating: "0", count: 3 - fraction.count)
        let text = "\(sign)\(milliseconds.magnitude / 1_000).\(zeros)\(fraction)"
        return "[" + String(repeating: " ", count: max(0, 8 - text.count)) + text + "] "
    }

    /// The key of a screen line: the text before the first `": "`, or the whole line.
    static func key(of line: String) -> String {
        // Where every byte up to the first ": " is ASCII and the byte after it too (or the line
        // ends there), that ": " is two whole characters, and the first: the key is what comes
        // before it. Anything else is searched for as characters are compared.
        let bytes = line.utf8
        var index = bytes.startIndex
        while index != bytes.endIndex, bytes[index] < 0x80 {
            let next = bytes.index(after: index)
            if bytes[index] == UInt8(ascii: ":"), next != bytes.endIndex, bytes[next] == UInt8(ascii: " ") {
                let after = bytes.index(after: next)
                guard after == bytes.endIndex || bytes[after] < 0x80 else { break }
                return String(line[..<index])
            }
            index = next
        }
        if index == bytes.endIndex { return line }
        return line.range(of: ": ").map { String(line[..<$0.lowerBound]) } ?? line
    }

    /// Caller holds the lock.
    private func add(_ line: String, to state: inout State) {
        if let write { write(line) } else { state.recorded.append(line) }
    }
}
