import Foundation
import Testing

/// Live mode, at a real terminal: `script` (util-linux, in every Debian) gives linemode a
/// pseudo-terminal as standard input, so it prompts and prints countdown ticks as they
/// happen while it waits for the next line. Standard output is a pipe (to `cat`), so the
/// transcript stays plain: the panel drawn when it is a terminal is `PanelAtTerminalTests`'.
///
/// The clock keeps running while the prompt waits, so which ticks print before `quit` depends
/// on the machine: a stalled timer skips a second (rightly), and `quit` may come before the
/// last tick of the wait. At a scale of 0.2 (a second of script time is 200 ms) the test asks
/// for at least one tick after the first, each a second less than the one before it.
@Suite("linemode live at a terminal")
struct LiveModeTests {
    @Test(
        "a prompt per line; ticks print while the clock runs; quit ends it",
        arguments: ["libevent", "dispatch", "glib"])
    func live(clock: String) async throws {
        let command =
            "{ \(LinemodeProcess.executable.path) --clock \(clock) --time-scale 0.2; echo \"exit $?\"; } | cat"
        let input = "type destination +86 138 1234 5678\ntap send\nwait 3s\nquit\n"
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
        ] {
            #expect(output.contains(expected))
        }
        let ticks = output.split(separator: "\n").compactMap { line -> Int? in
            guard let range = line.range(of: "send: [Resend in ") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
        #expect(ticks.first == 60)
        #expect(ticks.count >= 2)
        #expect(ticks.allSatisfy { (57...60).contains($0) })
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0 > $1 }, "\(ticks)")
    }

    /// A pseudo-terminal made non-blocking by whoever opened it (here a short Python program):
    /// `readLine` met EAGAIN and live mode took it for the end of input, quitting at once.
    static let nonBlockingTerminal = """
        import fcntl, os, subprocess, sys, time
        main, terminal = os.openpty()
        fcntl.fcntl(terminal, fcntl.F_SETFL, fcntl.fcntl(terminal, fcntl.F_GETFL) | os.O_NONBLOCK)
        child = subprocess.Popen([sys.argv[1]], stdin=terminal, stdout=subprocess.PIPE)
        time.sleep(0.3)
        print("running" if child.poll() is None else "ended", flush=True)
        os.write(main, b"type destination +86 138 1234 5678\\n")
        time.sleep(0.3)
        os.write(main, b"quit\\n")
        output, _ = child.communicate(timeout=20)
        sys.stdout.write(output.decode())
        print("exit", child.returncode)
        """

    @Test("a terminal left non-blocking is waited on: live mode reads what is typed, then quit")
    func nonBlockingTerminalInput() throws {
        let run = try LinemodeProcess.run(
            ["-c", Self.nonBlockingTerminal, LinemodeProcess.executable.path], input: Data(),
            program: URL(fileURLWithPath: "/usr/bin/python3"))
        #expect(run.stdout.hasPrefix("running\n"))
        #expect(run.stdout.contains("[   0.000] destination: \"+86 138 1234 5678\"\n"))
        #expect(run.stdout.hasSuffix("exit 0\n"))
    }
}
