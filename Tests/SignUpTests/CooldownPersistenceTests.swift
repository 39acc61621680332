import Foundation
import Hourglass
import SignUp
import TestSupport
import Testing

@Suite("The cooldown survives a restart (real files)")
struct CooldownPersistenceTests {
    /// A fresh directory under the system's temporary directory, removed after the test.
    private static func withTemporaryDirectory(_ body: (URL) throws -> Void) rethrows {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hourglass-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    @Test(
        "a restart 20 s into the cooldown shows 40 s at once and keeps the code usable",
        arguments: SignUpLanguage.writtenInTests)
    func restart(language: SignUpLanguage) {
        let l = Localized(language: language)
        Self.withTemporaryDirectory { directory in
            let store = FileCooldownStore(directory: directory)
            let wall = ManualWallClock()
            let first = VerificationHarness(language: language, store: store, wall: wall)
            first.sendCode()
            #expect((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) == ["cooldown.json"])
            wall.advance(by: .seconds(20))
            let second = VerificationHarness(language: language, store: store, wall: wall)
            #expect(
                second.lines == [
                    "destination: \"+86 138 1234 5678\"",
                    "send: [\(l("Resend in 40s", "重新发送(40s)"))] (disabled) {\(l("Send code: 40 seconds", "发送验证码: 40秒"))}",
                    "code: \"\" — \(l("Code expires in 4:40", "验证码将在4分40秒后过期"))",
                    "verify: [\(l("Verify", "验证"))] (disabled)",
                    "message: \(l("Code sent to +86 ••• •••• 5678", "验证码已发送至 +86 ••• •••• 5678"))",
                ])
            second.clock.advance(by: .seconds(40))
            #expect(second.model.screen.sendButton.title == l("Resend", "重新发送"))
            expectNoTimersLeft(second.clock)
        }
    }

    @Test("a restart once nothing is left running (past the send window) starts afresh and forgets the file")
    func restartAfterWindow() throws {
        try Self.withTemporaryDirectory { directory throws in
            let store = FileCooldownStore(directory: directory)
            let wall = ManualWallClock()
            VerificationHarness(store: store, wall: wall).sendCode()
            wall.advance(by: .seconds(3_600))
            let restarted = VerificationHarness(store: store, wall: wall)
            #expect(restarted.lines.first == "destination: \"\"")
            #expect(restarted.model.screen.message == nil)
            #expect(try store.load() == nil)
            #expect(!FileManager.default.fileExists(atPath: store.file.path))
            expectNoTimersLeft(restarted.clock)
        }
    }

    @Test("a wall clock set backwards cannot stretch the cooldown past its length")
    func clockSetBackwards() {
        Self.withTemporaryDirectory { directory in
            let store = FileCooldownStore(directory: directory)
            let wall = ManualWallClock()
            VerificationHarness(store: store, wall: wall).sendCode()
            wall.advance(by: .seconds(-3_600))
            let restarted = VerificationHarness(store: store, wall: wall)
            #expect(restarted.model.screen.sendButton.title == "Resend in 60s")
            #expect(restarted.model.screen.code.message == "Code expires in 5:00")
            restarted.clock.advance(by: .seconds(60))
            #expect(restarted.model.screen.sendButton.isEnabled)
            expectNoTimersLeft(restarted.clock)
        }
    }

    @Test("a restart after the cooldown and the code are over shows a fresh Resend")
    func restartLater() {
        Self.withTemporaryDirectory { directory in
            let store = FileCooldownStore(directory: directory)
            let wall = ManualWallClock()
            VerificationHarness(store: store, wall: wall).sendCode()
            wall.advance(by: .seconds(3_000))
            let restarted = VerificationHarness(store: store, wall: wall)
            #expect(
                restarted.lines == [
                    "destination: \"+86 138 1234 5678\"", "send: [Resend]", "call: [Call me]",
                    "code: \"\" (disabled) — This code has expired. Request a new one", "verify: [Verify] (disabled)",
                    "message: Code sent to +86 ••• •••• 5678",
                ])
            #expect(restarted.clock.pendingTimers == [])
        }
    }

    @Test(
        "a corrupt, empty, huge or wrong-version file is reported and ignored",
        arguments: [
            ("{not json", "is not a saved cooldown (not the expected JSON); it is ignored"),
            ("", "is not a saved cooldown (the file is empty); it is ignored"),
            ("<70 000 spaces>", "is 70000 bytes, far more than a saved cooldown; it is ignored"),
            (
                #"{"codeExpires":0,"codeLifetimeSeconds":300,"cooldownEnds":0,"cooldownSeconds":60,"destination":"+8613812345678","sentAt":[],"version":2}"#,
                "cooldown.json has version 2, expected 1; it is ignored"
            ),
            (
                #"{"codeExpires":0,"codeLifetimeSeconds":1e300,"cooldownEnds":0,"cooldownSeconds":60,"destination":"+8613812345678","sentAt":[],"version":1}"#,
                "is not a saved cooldown (its length is out of range); it is ignored"
            ),
            (
                #"{"codeExpires":0,"codeLifetimeSeconds":300,"cooldownEnds":0,"cooldownSeconds":60,"destination":"hunter2","sentAt":[],"version":1}"#,
                "is not a saved cooldown (its destination is out of range); it is ignored"
            ),
        ])
    func corruptFile(contents: String, problem: String) throws {
        try Self.withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = directory.appendingPathComponent("cooldown.json")
            let bytes = contents == "<70 000 spaces>" ? String(repeating: " ", count: 70_000) : contents
            try Data(bytes.utf8).write(to: file)
            // The store's own error, not only the screen's notice: an app (and linemode) hears of it.
            #expect(throws: CooldownStoreError.self) { _ = try FileCooldownStore(directory: directory).load() }
            let screen = VerificationHarness(store: FileCooldownStore(directory: directory))
            let lines = screen.lines
            #expect(
                Array(lines.prefix(4)) == [
                    "destination: \"\"", "send: [Get code] (disabled)", "code: \"\" (disabled)",
                    "verify: [Verify] (disabled)",
                ])
            #expect(lines.count == 5)
            // The screen words it in its language, without a path; the detail goes to the hook.
            #expect(lines.last == "message: The saved countdown could not be restored")
            #expect(screen.storeProblems.values.count == 1)
            #expect(screen.storeProblems.values.first?.hasSuffix(problem) == true)
            screen.sendCode()
            #expect(screen.model.screen.sendButton.title == "Resend in 60s")
            let saved = try #require(try FileCooldownStore(directory: directory).load())
            #expect(saved.destination == "+8613812345678")
            expectNoTimersLeft(screen.clock)
        }
    }

    @Test("values a store does not check itself are refused by the model, and its hook hears why, typed")
    func refusedByTheModel() throws {
        let first = VerificationHarness()
        first.sendCode()
        let good = try #require(try first.store.load())
        var newer = good
        newer.version = 9
        var foreign = good
        foreign.destination = "hunter2"
        for (saved, problem) in [
            (newer, "the saved cooldown has version 9, expected 1; it is ignored"),
            (foreign, "the saved cooldown's destination is out of range; it is ignored"),
        ] {
            let screen = VerificationHarness(store: InMemoryCooldownStore(saved))
            #expect(screen.lines.last == "message: The saved countdown could not be restored")
            #expect(screen.storeProblems.values == [problem])
            expectNoTimersLeft(screen.clock)
        }
        expectNoTimersLeft(first.clock)
    }

    @Test("a state directory that cannot be written is reported; the flow goes on")
    func unwritableDirectory() throws {
        try Self.withTemporaryDirectory { directory in
            try Data("a file, not a directory".utf8).write(to: directory)
            let screen = VerificationHarness(store: FileCooldownStore(directory: directory))
            screen.sendCode()
            #expect(screen.model.screen.sendButton.title == "Resend in 60s")
            #expect(screen.model.screen.message == "The countdown could not be saved; it will not survive a restart")
            #expect(
                screen.storeProblems.values == [
                    "cannot read \(directory.path)/cooldown.json: Not a directory; it is ignored",
                    "cannot write \(directory.path)/cooldown.json: \(directory.path) is a regular file, not a directory; "
                        + "the cooldown will not survive a restart",
                ])
            expectNoTimersLeft(screen.clock)
        }
    }

    @Test("saving writes whole files: the saved JSON round-trips exactly")
    func roundTrip() throws {
        try Self.withTemporaryDirectory { directory in
            let store = FileCooldownStore(directory: directory)
            let snapshot = CooldownSnapshot(
                destination: .email("a@example.com"), cooldownLeft: .seconds(42), cooldownLength: .seconds(60),
                codeLeft: .seconds(200), codeLifetime: .seconds(300), sendAges: [.seconds(18)])
            let wallNow = Date(timeIntervalSince1970: 1_800_000_000)
            try store.save(SavedCooldown(snapshot, wallNow: wallNow))
            let loaded = try #require(try store.load())
            #expect(try loaded.snapshot(at: wallNow) == snapshot)
            #expect(try loaded.snapshot(at: wallNow.addingTimeInterval(50)).cooldownLeft == .zero)
            try store.clear()
            #expect(try store.load() == nil)
        }
    }

    @Test("a store problem reaches the screen in its language, with no path", arguments: SignUpLanguage.writtenInTests)
    func storeProblemWorded(language: SignUpLanguage) throws {
        try Self.withTemporaryDirectory { directory in
            try Data("a file, not a directory".utf8).write(to: directory)
            let screen = VerificationHarness(language: language, store: FileCooldownStore(directory: directory))
            screen.sendCode()
            let message = try #require(screen.model.screen.message)
            #expect(
                message
                    == (language == .english
                        ? "The countdown could not be saved; it will not survive a restart" : "无法保存倒计时，重启后不会保留"))
            #expect(!message.contains(directory.path))
            expectNoTimersLeft(screen.clock)
        }
    }
}
