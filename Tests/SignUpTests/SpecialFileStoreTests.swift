import Foundation
import SignUp
import TestSupport
import Testing

/// A state file that is not a regular file (a FIFO, a socket, a device, a directory, a
/// symlink loop) is refused at once with an error that names it — never a hang — and a save
/// still works wherever the old entry could be replaced.
@Suite("The cooldown store refuses what is not a regular file, without blocking")
struct SpecialFileStoreTests {
    private static func withDirectory(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    @Test("load refuses it with a clear error", arguments: SpecialFile.allCases)
    func load(kind: SpecialFile) throws {
        try Self.withDirectory { directory in
            let path = directory.appendingPathComponent("cooldown.json").path
            try kind.make(at: path)
            #expect(throws: CooldownStoreError.unreadable(path: path, reason: kind.reason)) {
                try FileCooldownStore(directory: directory).load()
            }
        }
    }

    @Test("save replaces whatever is left at the temporary file, without blocking", arguments: SpecialFile.allCases)
    func saveOverTemporary(kind: SpecialFile) throws {
        try Self.withDirectory { directory in
            let store = FileCooldownStore(directory: directory)
            try kind.make(at: directory.appendingPathComponent("cooldown.json.tmp").path)
            let snapshot = CooldownSnapshot(
                destination: .email("a@example.com"), cooldownLeft: .seconds(42), cooldownLength: .seconds(60),
                codeLeft: .seconds(200), codeLifetime: .seconds(300), sendAges: [])
            let wallNow = Date(timeIntervalSince1970: 1_800_000_000)
            if kind == .directory {
                #expect(throws: CooldownStoreError.self) { try store.save(SavedCooldown(snapshot, wallNow: wallNow)) }
            } else {
                try store.save(SavedCooldown(snapshot, wallNow: wallNow))
                #expect(try store.load()?.snapshot(at: wallNow) == snapshot)
            }
        }
    }

    @Test("clear never removes a directory in the file's place")
    func clearDirectory() throws {
        try Self.withDirectory { directory in
            let path = directory.appendingPathComponent("cooldown.json").path
            try SpecialFile.directory.make(at: path)
            try Data("keep".utf8).write(to: URL(fileURLWithPath: path).appendingPathComponent("inside"))
            #expect(throws: CooldownStoreError.self) { try FileCooldownStore(directory: directory).clear() }
            #expect(FileManager.default.fileExists(atPath: path + "/inside"))
        }
    }
}
