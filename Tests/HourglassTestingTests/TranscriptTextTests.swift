import Hourglass
import HourglassTranscripts
import Testing

/// The transcripts' one rule, applied by every recorder: one line, in order, the balanced
/// isolates of a right-to-left text kept.
@Suite("TranscriptText")
struct TranscriptTextTests {
    @Test(
        "controls, marks, embeddings and overrides are written out; balanced isolates stay",
        arguments: [
            ("plain", "plain"),
            ("x\ny", #"x\u{A}y"#),
            ("\u{1B}[2J", #"\u{1B}[2J"#),
            ("\u{202E}evil", #"\u{202E}evil"#),
            ("a\u{200F}b\u{061C}c", #"a\u{200F}b\u{61C}c"#),
            ("\u{2028}", #"\u{2028}"#),
            ("إلى \u{2068}+20 •• ••••5678\u{2069}", "إلى \u{2068}+20 •• ••••5678\u{2069}"),
            ("\u{2067}a \u{2068}b\u{2069}\u{2069}", "\u{2067}a \u{2068}b\u{2069}\u{2069}"),
            // An isolate left open, and a closer that closes none: written out.
            ("a \u{2068}b", #"a \u{2068}b"#),
            ("a \u{2069}b \u{2066}c\u{2069}", "a \\u{2069}b \u{2066}c\u{2069}"),
            ("\u{2068}x\u{202E}y\u{2069}", "\u{2068}x\\u{202E}y\u{2069}"),
        ])
    func rule(text: String, line: String) {
        #expect(TranscriptText.escaped(text) == line)
        #expect(TranscriptText.escaped(line) == line)
    }

    @Test("what a person typed: every isolate written out too")
    func typed() {
        #expect(TranscriptText.escaped("\u{2068}12\u{2069}", keepingIsolates: false) == #"\u{2068}12\u{2069}"#)
    }

    @Test("an app's recorder writes by the rule, as linemode does")
    func recorder() {
        let clock = VirtualClock()
        let recorder = TranscriptRecorder(clock: clock)
        recorder.screenChanged(["message: إلى \u{2068}+20 •• ••••5678\u{2069}", "name: \"a\nb\""])
        recorder.announce("تم \u{2068}4:59\u{2069}\u{202E}")
        recorder.show(["x: \u{2069}"])
        #expect(
            recorder.lines == [
                "[   0.000] message: إلى \u{2068}+20 •• ••••5678\u{2069}",
                #"[   0.000] name: "a\u{A}b""#,
                "[   0.000] announce: تم \u{2068}4:59\u{2069}\\u{202E}",
                #"[   0.000] x: \u{2069}"#,
            ])
    }
}
