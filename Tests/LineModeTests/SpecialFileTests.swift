import Foundation
import TestSupport
import Testing

/// Through the real executable: a script path or a state file that is not a regular file is
/// refused at once with a message that names it, and a documented exit code — never a hang.
@Suite("linemode: files that are not regular files are refused without blocking")
struct SpecialFileTests {
    private static func withDirectory(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    @Test("the script", arguments: SpecialFile.allCases)
    func script(kind: SpecialFile) throws {
        try Self.withDirectory { directory in
            let path = directory.appendingPathComponent("script.txt").path
            try kind.make(at: path)
            let run = try LinemodeProcess.run([path])
            #expect(run.status == 1)
            #expect(
                run.stderr
                    == "linemode: cannot read the script \(path): \(kind.reason); \(kind == .symlinkLoop ? "check the path and its permissions" : "name a script file, or give the script on standard input")\n"
            )
            #expect(run.stdout == "")
        }
    }

    @Test("the state file: the run goes on without it and exits 4", arguments: SpecialFile.allCases)
    func stateFile(kind: SpecialFile) throws {
        try Self.withDirectory { directory in
            let path = directory.appendingPathComponent("cooldown.json").path
            try kind.make(at: path)
            let run = try LinemodeProcess.run(["--state-dir", directory.path], script: "show\n")
            #expect(run.status == 4)
            #expect(run.stderr == "linemode: cannot read \(path): \(kind.reason); it is ignored\n")
            #expect(run.stdout.contains("message: The saved countdown could not be restored\n"))
        }
    }
}
