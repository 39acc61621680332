import Testing

@testable import HourglassLineMode

/// The live panel's frame, a pure function of the screen's lines, the messages and the width.
@Suite("linemode live panel: the frame")
struct LivePanelTests {
    static let screen = [
        "destination: \"138 1234 5678\"", "send: [Resend in 57s] (disabled) {Send code: 57 seconds}",
        "code: \"\" — Code expires in 4:57", "verify: [Verify] (disabled)",
    ]

    @Test("the screen's lines, the rule, and three message rows, blank until used")
    func frame() {
        var panel = LivePanel()
        panel.show(Self.screen)
        panel.add(message: "[   0.300] Code sent to +86 ••• •••• 5678")
        #expect(
            panel.rows(columns: 80) == [
                "destination: \"138 1234 5678\"", "send: [Resend in 57s] (disabled) {Send code: 57 seconds}",
                "code: \"\" — Code expires in 4:57", "verify: [Verify] (disabled)", "── messages",
                "[   0.300] Code sent to +86 ••• •••• 5678", "", "",
            ])
    }

    @Test("a new screen replaces the old one; the oldest message goes beyond three")
    func replaces() {
        var panel = LivePanel()
        panel.show(Self.screen)
        panel.show(["destination: \"\"", "send: [Get code] (disabled)"])
        for number in 1...5 { panel.add(message: "message \(number)") }
        #expect(
            panel.rows(columns: 80) == [
                "destination: \"\"", "send: [Get code] (disabled)", "── messages", "message 3", "message 4",
                "message 5",
            ])
    }

    @Test("lines wider than the terminal end in an ellipsis at its width")
    func narrow() {
        var panel = LivePanel()
        panel.show(Self.screen)
        #expect(
            panel.rows(columns: 20) == [
                "destination: \"138 1…", "send: [Resend in 57…", "code: \"\" — Code exp…", "verify: [Verify] (d…",
                "── messages", "", "", "",
            ])
        #expect(panel.rows(columns: 1) == ["…", "…", "…", "…", "…", "", "", ""])
        #expect(panel.rows(columns: 0) == ["", "", "", "", "", "", "", ""])
    }

    @Test("a wide character takes two columns: cut before one that would not fit")
    func wide() {
        let line = "send: [重新发送(57s)] (disabled)"
        #expect(LivePanel.fit(line, columns: 40) == line)
        #expect(LivePanel.fit(line, columns: 12) == "send: [重新…")
        #expect(LivePanel.fit(line, columns: 13) == "send: [重新…")
        #expect(LivePanel.fit(line, columns: 14) == "send: [重新发…")
        #expect(LivePanel.fit("验证码", columns: 6) == "验证码")
        #expect(LivePanel.fit("验证码", columns: 5) == "验证…")
    }

    @Test("control characters show as a replacement character, so they cannot move the cursor")
    func controls() {
        #expect(
            LivePanel.fit("destination: \"\u{1B}[2J\u{7}\u{9B}x\"", columns: 80)
                == "destination: \"\u{FFFD}[2J\u{FFFD}\u{FFFD}x\"")
    }
}
