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

    @Test("save never uses what is left at a temporary name, nor blocks on it", arguments: SpecialFile.allCases)
    func saveOverTemporary(kind: SpecialFile) throws {
        try Self.withDirectory { directory in
            let store = FileCooldownStore(directory: directory)
            try kind.make(at: directory.appendingPathComponent("cooldown.json.tmp").path)
            let snapshot = CooldownSnapshot(
                destination: .email("a@example.com"), cooldownLeft: .seconds(42), cooldownLength: .seconds(60),
                codeLeft: .seconds(200), codeLifetime: .seconds(300), sendAges: [])
            let wallNow = Date(timeIntervalSince1970: 1_800_000_000)
            try store.save(SavedCooldown(snapshot, wallNow: wallNow))
            #expect(try store.load()?.snapshot(at: wallNow) == snapshot)
        }
    }

    @Test("a save removes the temporary files that saves which died left, and only those; a failed save leaves none")
    func leftovers() throws {
        try Self.withDirectory { directory in
            let store = FileCooldownStore(directory: directory)
            // Left by a save that died: no lock on it. A save in progress holds its file locked.
            let (dead, live, deadDirectory, unrelated) = (
                "cooldown.json.hourglass-abc.tmp", "cooldown.json.hourglass-def.tmp", "cooldown.json.hourglass-ghi.tmp",
                "notes.hourglass-abc.tmp"
            )
            // The user's own files, named like a leftover but not as a save names one.
            let (own, ownBackup) = ("cooldown.json.tmp", "cooldown.json.hourglass-Backup.tmp")
            for name in [dead, live, unrelated, own, ownBackup] {
                try Data("{".utf8).write(to: directory.appendingPathComponent(name))
            }
            try SpecialFile.directory.make(at: directory.appendingPathComponent(deadDirectory).path)
            let saving = open(directory.appendingPathComponent(live).path, O_RDONLY)
            defer { close(saving) }
            #expect(flock(saving, LOCK_EX) == 0)
            let snapshot = CooldownSnapshot(
                destination: .email("a@example.com"), cooldownLeft: .seconds(42), cooldownLength: .seconds(60),
                codeLeft: .seconds(200), codeLifetime: .seconds(300), sendAges: [])
            let wallNow = Date(timeIntervalSince1970: 1_800_000_000)
            try store.save(SavedCooldown(snapshot, wallNow: wallNow))
            let attributes = try FileManager.default.attributesOfItem(atPath: store.file.path)
            #expect(attributes[.posixPermissions] as? Int == 0o600)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                    == ["cooldown.json", deadDirectory, live, unrelated, own, ownBackup].sorted())

            // A save that fails at the rename (a directory that is not empty in the file's place).
            let blocked = directory.appendingPathComponent("blocked")
            try FileManager.default.createDirectory(
                at: blocked.appendingPathComponent("cooldown.json"), withIntermediateDirectories: true)
            try Data("keep".utf8).write(to: blocked.appendingPathComponent("cooldown.json/inside"))
            #expect(throws: CooldownStoreError.self) {
                try FileCooldownStore(directory: blocked).save(SavedCooldown(snapshot, wallNow: wallNow))
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: blocked.path) == ["cooldown.json"])
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

    @Test("a save into a directory that is a FIFO says so, not that a file of that name exists")
    func saveIntoFIFO() throws {
        try Self.withDirectory { directory in
            let state = directory.appendingPathComponent("state")
            try SpecialFile.fifo.make(at: state.path)
            let snapshot = CooldownSnapshot(
                destination: .email("a@example.com"), cooldownLeft: .seconds(42), cooldownLength: .seconds(60),
                codeLeft: .seconds(200), codeLifetime: .seconds(300), sendAges: [])
            let file = state.appendingPathComponent("cooldown.json").path
            #expect(
                throws: CooldownStoreError.unwritable(
                    path: file, reason: "\(state.path) is a FIFO (named pipe), not a directory")
            ) {
                try FileCooldownStore(directory: state).save(SavedCooldown(snapshot, wallNow: Date()))
            }
        }
    }
}
