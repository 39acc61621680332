import Foundation
import Testing

/// Live mode at a real pseudo-terminal (tmux), read as a person reads it: the screen is a
/// panel redrawn in place, the prompt below it, never a log of ticks.
@Suite("linemode live at a terminal: the panel", .serialized)
struct PanelAtTerminalTests {
    static let keys = ["type destination +86 138 1234 5678", "tap send"]

    /// linemode in a pane `columns` wide; fails when tmux is missing (tools/setup installs it).
    static func pane(_ arguments: String, columns: Int = 100) throws -> TmuxPane {
        try #require(TmuxPane.isAvailable, "live mode's panel is tested in tmux: run tools/setup to install it")
        return try TmuxPane("\(LinemodeProcess.executable.path) \(arguments)", columns: columns, rows: 30)
    }

    /// Whether the screen ends with the prompt, nothing typed after it: the last line ran.
    static func prompting(_ screen: [String]) -> Bool {
        screen.last == ">"
    }

    @Test("on the virtual clock, after tap send and 4 s: the whole screen, exactly, with 57s once")
    func virtual() throws {
        let pane = try Self.pane("--clock virtual")
        for line in Self.keys + ["wait 4s"] { try pane.type(line) }
        let expected = [
            "destination: \"+86 138 1234 5678\"", "region: 🇨🇳 China +86",
            "send: [Resend in 57s] (disabled) {Send code: 57 seconds}",
            "code: \"\" — Code expires in 4:57", "verify: [Verify] (disabled)",
            "message: Code sent to +86 ••• •••• 5678", "── messages", "[   0.300] Code sent to +86 ••• •••• 5678", "",
            "", ">",
        ]
        #expect(try pane.screen { $0 == expected } == expected)
    }

    @Test("a bad line shows among the messages; a narrower terminal gets the panel cut to its width")
    func narrow() throws {
        let pane = try Self.pane("--clock virtual --locale zh-Hans")
        for line in Self.keys + ["wait 4s", "tapp send"] { try pane.type(line) }
        _ = try pane.screen { $0.contains { $0.hasPrefix("! line 4") } && Self.prompting($0) }
        try pane.resize(columns: 24, rows: 30)
        try pane.type("show")
        // A wide character takes two columns, so "4…" ends one short of 24 where "分" would not fit.
        let expected = [
            "destination: \"+86 138 1…", "region: 🇨🇳 中国 +86", "send: [重新发送(57s)] (…",
            "code: \"\" — 验证码将在4…",
            "verify: [验证] (disable…", "message: 验证码已发送至…", "── messages", "[   0.300] 验证码已发送…",
            "! line 4: unknown comma…", "", ">",
        ]
        #expect(try pane.screen { $0 == expected } == expected)
    }

    @Test(
        "on a real clock the countdown ticks in place while the prompt waits: one send line, never a log",
        arguments: ["libevent", "dispatch"])
    func real(clock: String) throws {
        let pane = try Self.pane("--clock \(clock) --time-scale 0.05")
        for line in Self.keys + ["wait 3s"] { try pane.type(line) }
        // The clock runs on while the prompt waits (a second is 50 ms), so the test waits for
        // the first screen past 58s, then checks every row but the numbers.
        let screen = try pane.screen { Self.prompting($0) && (Self.countdown(in: $0) ?? 60) <= 57 }
        #expect((1...57).contains(Self.countdown(in: screen) ?? 0))
        #expect(
            screen.map(Self.numbersHidden) == [
                "destination: \"+# # # #\"", "region: 🇨🇳 China +#",
                "send: [Resend in #s] (disabled) {Send code: # seconds}",
                "code: \"\" — Code expires in #:#", "verify: [Verify] (disabled)",
                "message: Code sent to +# ••• •••• #",
                "── messages", "[   #.#] Code sent to +# ••• •••• #", "", "", ">",
            ])
    }

    /// The seconds on the send button, when it counts down.
    static func countdown(in screen: [String]) -> Int? {
        let prefix = "send: [Resend in "
        guard let line = screen.first(where: { $0.hasPrefix(prefix) }) else { return nil }
        return Int(line.dropFirst(prefix.count).prefix { $0.isNumber })
    }

    /// `line` with each run of digits as "#".
    static func numbersHidden(_ line: String) -> String {
        line.replacingOccurrences(of: "[0-9]+", with: "#", options: .regularExpression)
    }
}
