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
            ["type destination 138 1234 5678"] + Array(repeating: ["tap send", "wait 13m"], count: 300).flatMap { $0 }
        try lines.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
        let state = directory.appendingPathComponent("state")
        let loaded = try await FixtureTests.onOwnThread {
            var random = SystemRandomNumberGenerator()
            var loaded = 0
            for _ in 0..<12 {
                let process = Process()
                process.executableURL = LinemodeProcess.executable
                process.arguments = ["--state-dir", state.path, script.path]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                Thread.sleep(forTimeInterval: Double.random(in: 0.02...0.25, using: &random))
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                // Old or new, never torn: it loads, or there is none yet.
                if try FileCooldownStore(directory: state).load() != nil { loaded += 1 }
            }
            return loaded
        }
        #expect(loaded > 0)
        // At most the one temporary file a killed save leaves, which the next save overwrites.
        let left = try FileManager.default.contentsOfDirectory(atPath: state.path).sorted()
        #expect(left == ["cooldown.json"] || left == ["cooldown.json", "cooldown.json.tmp"])
    }
}
