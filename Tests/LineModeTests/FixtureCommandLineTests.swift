import Foundation
import HourglassLineMode
import Testing

/// A fixture is a runnable script: `linemode FIXTURE` reads its first line's options and prints
/// it byte for byte; secrets are masked the same way in fixtures and on the command line, and
/// a script types a secret it names (`$NAME`) from a secrets file.
@Suite("linemode FIXTURE prints the fixture; secrets by name")
struct FixtureCommandLineTests {
    @Test("every fixture, run by the linemode executable, prints itself byte for byte", arguments: FixtureTests.all)
    func fixture(name: String) throws {
        let file = FixtureTests.directory.appendingPathComponent(name)
        let run = try LinemodeProcess.run([file.path])
        #expect(run.stderr == "")
        #expect(run.status == 0)
        #expect(run.stdout == (try String(contentsOf: file, encoding: .utf8)))
    }

    @Test("the command line wins over the fixture's first line: --locale en runs a Chinese fixture in English")
    func commandLineWins() throws {
        let file = FixtureTests.directory.appendingPathComponent("verification-happy-path.zh-Hans.txt")
        let run = try LinemodeProcess.run(["--locale", "en", file.path])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").prefix(10).map(String.init)
        #expect(
            lines == [
                "# linemode --screen verification --locale zh-Hans --region CN",
                "# The whole flow: a valid number, a code, the 60 s countdown read from its deadline, verified.",
                "[   0.000] destination: \"\"", "[   0.000] region: 🇨🇳 China +86",
                "[   0.000] send: [Get code] (disabled)",
                "[   0.000] code: \"\" (disabled)", "[   0.000] verify: [Verify] (disabled)",
                "type destination 138 1234 5678", "[   0.000] destination: \"138 1234 5678\"",
                "[   0.000] send: [Get code]",
            ])
    }

    @Test("a secret typed as it is is echoed masked; one named is typed from --secrets and echoed as written")
    func secrets() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("test.secrets")
        try "# test values\ncommon = Password123\n\nlong =  a long enough passphrase  \n".write(
            to: file, atomically: true, encoding: .utf8)
        let script = "type password hunter2\ntype password $common\ntype password $long\nserver code 123456\n"
        let run = try LinemodeProcess.run(["--screen", "registration", "--secrets", file.path], script: script)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let echoed = run.stdout.split(separator: "\n").filter { !$0.hasPrefix("[") }.map(String.init)
        #expect(
            echoed == ["type password •••••••", "type password $common", "type password $long", "server code ••••••"])
        #expect(
            run.stdout.contains("[   0.000] password: \"•••••••••••\" — This password is too common. Choose another\n"))
        #expect(run.stdout.contains("[   0.000] password: \"••••••••••••••••••••••••\" — Strength: strong\n"))
        for secret in ["hunter2", "Password123", "passphrase", "123456"] { #expect(!run.stdout.contains(secret)) }
    }

    @Test(
        "a secret that cannot be found is an error with its line or file, exit 1, nothing run",
        arguments: [
            (
                ["--secrets", "/nonexistent/x.secrets"], "type code $a\n",
                "linemode: cannot read the secrets file /nonexistent/x.secrets: No such file or directory; check the path of the secrets file\n"
            ),
            (
                ["--secrets", FixtureTests.directory.appendingPathComponent("fixtures.secrets").path],
                "show\ntype code $nope\n",
                "linemode: <stdin>: line 2: no secret named 'nope'; give its value in a secrets file (NAME = VALUE lines) with --secrets FILE, or in a fixture's first line\nlinemode: nothing was run; fix the line above, or pass --keep-going to run the rest\n"
            ),
            (
                [], "server code $a\n",
                "linemode: <stdin>: line 1: no secret named 'a'; give its value in a secrets file (NAME = VALUE lines) with --secrets FILE, or in a fixture's first line\nlinemode: nothing was run; fix the line above, or pass --keep-going to run the rest\n"
            ),
            (
                ["--secrets", "/dev"], "show\n",
                "linemode: cannot read the secrets file /dev: it is a directory, not a regular file; check the path of the secrets file\n"
            ),
        ])
    func missing(arguments: [String], script: String, message: String) throws {
        let run = try LinemodeProcess.run(arguments, script: script)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == message)
    }

    @Test("a secrets file's wrong line, a FIFO as secrets file, a fixture's missing one: each said, exit 1")
    func badFiles() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appendingPathComponent("bad.secrets")
        try "ok = 1\nno equals sign\n".write(to: bad, atomically: true, encoding: .utf8)
        let wrong = try LinemodeProcess.run(["--secrets", bad.path], script: "show\n")
        #expect(wrong.status == 1)
        #expect(
            wrong.stderr
                == "linemode: cannot read the secrets file \(bad.path): line 2: write a secret as NAME = VALUE, NAME of ASCII letters, digits, _ and -, starting with a letter or _; e.g. common = Password123\n"
        )
        let fifo = directory.appendingPathComponent("fifo.secrets")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let blocked = try LinemodeProcess.run(["--secrets", fifo.path], script: "show\n")
        #expect(blocked.status == 1)
        #expect(
            blocked.stderr.hasPrefix("linemode: cannot read the secrets file \(fifo.path): it is a FIFO (named pipe)"))
        let fixture = directory.appendingPathComponent("f.txt")
        try "# linemode --screen verification --secrets gone.secrets\nshow\n".write(
            to: fixture, atomically: true, encoding: .utf8)
        let gone = try LinemodeProcess.run([fixture.path])
        #expect(gone.status == 1)
        #expect(
            gone.stderr
                == "linemode: \(fixture.path): line 1: cannot read the secrets file gone.secrets: No such file or directory; check the path of the secrets file\n"
        )
    }

    @Test("a fixture that types a secret as it is is refused: its transcript would mask it and could not run again")
    func literalSecretInFixture() {
        #expect(
            throws: ScriptError(
                line: 3,
                "types a secret as it is, which the transcript masks, so the fixture could not run again; name it instead ($NAME) and give NAME = VALUE in the secrets file its first line names (--secrets FILE)"
            )
        ) {
            try Fixture(
                text: "# linemode --screen registration\ntype password $x\ntype password hunter2\n",
                directory: nil)
        }
    }

    @Test("ScriptSecrets reads NAME = VALUE lines, comments and blanks; refuses a name twice or a bad name")
    func secretsFile() throws {
        let secrets = try ScriptSecrets(text: "# c\n\n a = 1 \nb_2-c=x = y\n")
        #expect(secrets["a"] == "1")
        #expect(secrets["b_2-c"] == "x = y")
        #expect(secrets["c"] == nil)
        #expect(throws: ScriptError(line: 2, "the secret 'a' is given twice")) {
            try ScriptSecrets(text: "a = 1\na = 2")
        }
        #expect(
            throws: ScriptError(
                line: 1,
                "write a secret as NAME = VALUE, NAME of ASCII letters, digits, _ and -, starting with a letter or _; e.g. common = Password123"
            )
        ) {
            try ScriptSecrets(text: "9lives = 1")
        }
    }

    @Test("a secrets file with CRLF line endings and a byte-order mark reads as with LF")
    func crlfSecrets() throws {
        let secrets = try ScriptSecrets(text: "\u{FEFF}# test values\r\ncommon = Password123\r\nother = x\r\n")
        #expect(secrets["common"] == "Password123")
        #expect(secrets["other"] == "x")
    }

    @Test("a text after $ that is no name is an error, not a secret typed as it is")
    func badReference() {
        let script = Script(
            "type password $common.\ntype password $\nserver code $1st\n", screen: .registration,
            secrets: ScriptSecrets(["common": "x"]))
        let rule =
            "is no secret's name: after $ comes a NAME of ASCII letters, digits, _ and -, starting with a letter or _ "
            + "(a secret that starts with $ goes in the secrets file)"
        #expect(
            script.errors == [
                ScriptError(line: 1, "'$common.' " + rule), ScriptError(line: 2, "'$' " + rule),
                ScriptError(line: 3, "'$1st' " + rule),
            ])
    }

    @Test(
        "a first line that only looks like a header is a comment; a header's wrong option is said exactly",
        arguments: [
            ("# linemode demo: the happy path\nshow\n", 0, ""),
            (
                "# linemode\t--screen registration\ntype password $x\n", 1,
                "linemode: <stdin>: line 2: no secret named 'x'; give its value in a secrets file (NAME = VALUE lines) with --secrets FILE, or in a fixture's first line\nlinemode: nothing was run; fix the line above, or pass --keep-going to run the rest\n"
            ),
            (
                "# linemode --screen registration --screen verification\nshow\n", 1,
                "linemode: <stdin>: line 1: '--screen' is given twice\n"
            ),
            (
                "# linemode --screen\nshow\n", 1,
                "linemode: <stdin>: line 1: '--screen' needs a value, e.g. --screen verification\n"
            ),
            (
                "# linemode --screen \u{1B}[31mred\nshow\n", 1,
                "linemode: <stdin>: line 1: unknown screen '\\u{1B}[31mred'; the screens are verification or registration\n"
            ),
            (
                "# linemode --screen registration\ntype password hunter2\n", 1,
                "linemode: <stdin>: line 2: types a secret as it is, which the transcript masks, so the fixture could not run again; name it instead ($NAME) and give NAME = VALUE in the secrets file its first line names (--secrets FILE)\n"
            ),
        ])
    func headers(script: String, status: Int32, message: String) throws {
        let run = try LinemodeProcess.run([], script: script)
        #expect(run.stderr == message)
        #expect(run.status == status)
    }

    @Test("an option given on the command line is not read from the header, which may not even know it")
    func commandLineSkipsHeader() throws {
        let file = LoginScreenTests.directory.appendingPathComponent("lock-out.pl.txt")
        let run = try LinemodeProcess.run(["--screen", "verification", "--locale", "en", file.path])
        #expect(run.stderr.hasPrefix("linemode: \(file.path): line 6: unknown field 'user' on the verification screen"))
        #expect(run.status == 1)
    }

    @Test("a fixture's temporary state directory is removed when SIGTERM ends the run, and when standard output fails")
    func temporaryDirectoryRemoved() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fixture = directory.appendingPathComponent("long.txt")
        try "# linemode --state-dir temporary\ntype destination +1 202 555 0100\ntap send\nwait 1s\nwait 24h\n".write(
            to: fixture, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = LinemodeProcess.executable
        process.arguments = ["--clock", "dispatch", fixture.path]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": directory.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while Self.stateFiles(in: directory) != ["cooldown.json"] && Date() < deadline { usleep(20_000) }
        #expect(Self.stateFiles(in: directory) == ["cooldown.json"])
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGTERM)
        #expect(Self.stateFiles(in: directory) == [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["long.txt"])

        // Standard output's reader goes away once the cooldown is saved: the next line fails.
        let reader = Process()
        reader.executableURL = LinemodeProcess.executable
        reader.arguments = ["--clock", "dispatch", fixture.path]
        reader.environment = process.environment
        let output = Pipe()
        (reader.standardOutput, reader.standardError) = (output, FileHandle.nullDevice)
        try reader.run()
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("message: Code sent to") {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            seen.append(chunk)
        }
        let saved = Date().addingTimeInterval(60)
        while Self.stateFiles(in: directory) != ["cooldown.json"] && Date() < saved { usleep(20_000) }
        #expect(Self.stateFiles(in: directory) == ["cooldown.json"])
        try output.fileHandleForReading.close()
        reader.waitUntilExit()
        #expect(reader.terminationStatus == 3)
        #expect(Self.stateFiles(in: directory) == [])
    }

    /// What the `linemode-state-*` directories in `directory` hold.
    static func stateFiles(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix("linemode-state-") }.flatMap {
            (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent($0).path)) ?? []
        }
    }

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("secrets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}
