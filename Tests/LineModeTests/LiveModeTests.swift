import Foundation
import Testing

/// Live mode, at a real terminal: `script` (util-linux, in every Debian) gives linemode a
/// pseudo-terminal as standard input, so it prompts and prints countdown ticks as they
/// happen while it waits for the next line. Standard output is a pipe (to `cat`), so the
/// transcript stays plain: the panel drawn when it is a terminal is `PanelAtTerminalTests`'.
@Suite("linemode live at a terminal")
struct LiveModeTests {
    @Test("a prompt per line; ticks print while the clock runs; quit ends it", arguments: ["libevent", "dispatch"])
    func live(clock: String) async throws {
        let command =
            "{ \(LinemodeProcess.executable.path) --clock \(clock) --time-scale 0.05; echo \"exit $?\"; } | cat"
        let input = "type destination 138 1234 5678\ntap send\nwait 3s\nquit\n"
        let run = try await LinemodeProcess.runOffPool(
            ["-q", "-e", "-c", command, "/dev/null"], input: Data(input.utf8),
            program: URL(fileURLWithPath: "/usr/bin/script"))
        let output = run.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(run.status == 0)
        #expect(output.hasSuffix("exit 0\n"))
        #expect(!output.contains("\u{1B}"))
        #expect(output.components(separatedBy: "> ").count - 1 == 4)
        for expected in [
            "send: [Sending…] (disabled)", "send: [Resend in 60s] (disabled) {Send code: 60 seconds}",
            "send: [Resend in 59s] (disabled)", "send: [Resend in 58s] (disabled)",
        ] {
            #expect(output.contains(expected))
        }
    }
}
