import Foundation
import SignUp
import Testing

/// The cooldown file under a real crash: `linemode --state-dir` saves the cooldown on every
/// send of a long script, and is killed with SIGKILL at random moments. After each kill the
/// file must be the old one or the new one — never torn — and the next run must load it.
@Suite("Persistence under SIGKILL")
struct PersistenceFaultTests {
    @Test("SIGKILL during saves leaves a whole file every time")
    func killDuringSaves() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hourglass-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("sends.txt")
        // Five sends an hour are allowed: one every 13 minutes saves the file each time.
        let lines =
            ["type destination +86 138 1234 5678"]
            + Array(repeating: ["tap send", "wait 13m"], count: 300).flatMap { $0 }
        try lines.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
        let state = directory.appendingPathComponent("state")
        let loaded = try await FixtureTests.onOwnThread {
            var random = SystemRandomNumberGenerator()
            var loaded = 0
            for round in 0..<12 {
                let process = Process()
                process.executableURL = LinemodeProcess.executable
                process.arguments = ["--state-dir", state.path, script.path]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                // Later rounds wait longer, so that a slow build (a sanitizer's) still gets killed
                // mid-run, past its first saves.
                let latest = round < 6 ? 0.25 : 1.5
                Thread.sleep(forTimeInterval: Double.random(in: 0.02...latest, using: &random))
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                // Old or new, never torn: it loads, or there is none yet.
                if try FileCooldownStore(directory: state).load() != nil { loaded += 1 }
            }
            return loaded
        }
        #expect(loaded > 0)
        // The temporary files killed saves left (and one such for sure) are removed by the next save.
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try Data("{\"vers".utf8).write(to: state.appendingPathComponent("cooldown.json.hourglass-leftover.tmp"))
        let next = try LinemodeProcess.run(
            ["--state-dir", state.path], script: "type destination +86 138 1234 5678\nwait 1h\ntap send\nwait 1s\n")
        #expect(next.stdout.contains("message: Code sent to +86 ••• •••• 5678"))
        #expect(next.status == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: state.path)
        #expect(left == ["cooldown.json"], "\(left)\n\(next.stdout)\n\(next.stderr)")
    }

    @Test(
        "a state file whose JSON is right but whose values are not: exit 4, said on standard error",
        arguments: [
            (#""version":2,"destination":"+8613812345678""#, "has version 2, expected 1; it is ignored"),
            (
                #""version":1,"destination":"hunter2""#,
                "is not a saved cooldown (its destination is out of range); it is ignored"
            ),
        ])
    func wrongValues(fields: String, problem: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hourglass-values-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("cooldown.json")
        let json = #"{"codeExpires":0,"codeLifetimeSeconds":300,"cooldownEnds":0,"cooldownSeconds":60,"sentAt":[],"#
        try Data((json + fields + "}").utf8).write(to: file)
        let run = try LinemodeProcess.run(["--state-dir", directory.path], script: "show\n")
        #expect(run.status == 4)
        #expect(run.stderr == "linemode: \(file.path) \(problem)\n")
        #expect(!run.stdout.contains("hunter2"))
    }

    @Test("runs that share a state directory at once all save, and leave one whole file")
    func concurrentRuns() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hourglass-shared-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let script =
            ["type destination +86 138 1234 5678"]
            + Array(repeating: ["tap send", "wait 13m"], count: 40).flatMap { $0 }
        let runs = try await FixtureTests.onOwnThread {
            let processes = try (0..<6).map { _ in
                let process = Process()
                process.executableURL = LinemodeProcess.executable
                process.arguments = ["--state-dir", directory.path]
                let input = Pipe()
                process.standardInput = input
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                return (process, input)
            }
            LinemodeProcess.ignoreBrokenPipes()
            for (_, input) in processes {
                try? input.fileHandleForWriting.write(contentsOf: Data(script.joined(separator: "\n").utf8))
                try input.fileHandleForWriting.close()
            }
            return processes.map { process, _ in
                process.waitUntilExit()
                return process.terminationStatus
            }
        }
        #expect(runs == Array(repeating: 0, count: 6))
        #expect(try FileCooldownStore(directory: directory).load()?.destination == "+8613812345678")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["cooldown.json"])
    }
}
