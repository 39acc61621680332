import Foundation
import Hourglass
import PhoneNumbers
import SignUp
import TestSupport
import Testing

/// A code in play can always be typed: a send answered 429 may follow a code whose answer was
/// lost, or one another device asked for, so the code field opens for that destination; and the
/// code has the length the server said, not the configuration's.
@Suite("A code in play can always be typed")
struct CodeInPlayTests {
    private static let chinaMobile = Destination(normalized: "+8613812345678")!

    @Test(
        "a code sent from elsewhere, then a 429: the field opens, and the code verifies",
        arguments: [
            CodeRequestError.rateLimited(retryAfter: .seconds(59)), .sendLimitReached(retryAfter: .seconds(600)),
        ])
    func codeFromElsewhereVerifies(refusal: CodeRequestError) {
        let screen = VerificationHarness()
        // Another device (or a request whose answer was lost) got a code for the number.
        screen.service.requestCode(to: Self.chinaMobile) { _ in }
        screen.clock.advance(by: .milliseconds(300))
        screen.service.failNextRequest(with: refusal)
        screen.sendCode()
        #expect(
            screen.model.screen.code
                == SecretFieldView(
                    value: .empty, isEnabled: true, message: "If a code arrived, enter it", label: "Verification code",
                    placeholder: "6-digit code"))
        screen.model.setCode("000000")
        screen.clock.advance(by: .milliseconds(300))
        #expect(screen.model.screen.code.message == "Wrong code. 4 attempts left")
        screen.model.setCode(screen.sentCode)
        screen.clock.advance(by: .milliseconds(300))
        #expect(screen.model.state.isVerified)
        #expect(screen.model.state.sentTo == Self.chinaMobile)
        #expect(screen.model.screen.code.message == "Verified")
        expectNoTimersLeft(screen.clock)
    }

    @Test("the code field stays open after a restart, and the code that arrived verifies")
    func openAfterRestart() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hourglass-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileCooldownStore(directory: directory)
        let wall = ManualWallClock()
        let first = VerificationHarness(store: store, wall: wall)
        first.service.requestCode(to: Self.chinaMobile) { _ in }
        first.clock.advance(by: .milliseconds(300))
        let code = try #require(first.service.lastCode(sentTo: Self.chinaMobile))
        first.service.failNextRequest(with: .rateLimited(retryAfter: .seconds(59)))
        first.sendCode()
        wall.advance(by: .seconds(9))
        let restarted = VerificationHarness(store: store, wall: wall)
        #expect(
            restarted.lines == [
                "destination: \"+86 138 1234 5678\"", "send: [Retry in 50s] (disabled) {Send code: 50 seconds}",
                "code: \"\" — If a code arrived, enter it", "verify: [Verify] (disabled)",
                "message: Too many requests. Retry in 50 seconds",
            ])
        // The restarted app's service is the same server: it knows the code.
        restarted.service.sendNextCode(code.revealed)
        restarted.service.requestCode(to: Self.chinaMobile) { _ in }
        restarted.clock.advance(by: .milliseconds(300))
        restarted.model.setCode(code.revealed)
        restarted.clock.advance(by: .milliseconds(300))
        #expect(restarted.model.state.isVerified)
        expectNoTimersLeft(restarted.clock)
    }

    @Test("a known live code is kept through a 429 for the same number")
    func liveCodeKept() {
        let screen = VerificationHarness()
        screen.sendCode()
        screen.clock.advance(by: .seconds(60))
        screen.service.failNextRequest(with: .rateLimited(retryAfter: .seconds(30)))
        screen.model.tapSend()
        screen.clock.advance(by: .milliseconds(300))
        #expect(screen.model.state.codeMayBeInPlay == false)
        #expect(screen.model.screen.code.message == "Code expires in 4:00")
        screen.model.setCode(screen.sentCode)
        screen.clock.advance(by: .milliseconds(300))
        #expect(screen.model.state.isVerified)
        expectNoTimersLeft(screen.clock)
    }

    @Test("the server's code length sets the field: 8 digits are taken, 6 wait for more, across a restart")
    func serverCodeLength() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hourglass-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileCooldownStore(directory: directory)
        var settings = ScriptedServiceSettings()
        settings.codeLength = 8
        let wall = ManualWallClock()
        let screen = VerificationHarness(store: store, wall: wall, settings: settings)
        screen.sendCode()
        #expect(screen.model.state.codeLength == 8)
        #expect(screen.model.state.config.codeLength == 6)
        let code = screen.sentCode
        #expect(code.count == 8)
        screen.model.setCode(String(code.prefix(6)))
        screen.clock.advance(by: .milliseconds(300))
        #expect(screen.model.state.check == .idle)
        #expect(!screen.model.screen.verifyButton.isEnabled)
        wall.advance(by: .seconds(5))
        let restarted = VerificationHarness(store: store, wall: wall, settings: settings)
        #expect(restarted.model.state.codeLength == 8)
        restarted.service.sendNextCode(code)
        restarted.service.requestCode(to: Self.chinaMobile) { _ in }
        restarted.clock.advance(by: .milliseconds(300))
        restarted.model.setCode(code + "99")
        #expect(restarted.model.state.code.count == 8)
        restarted.clock.advance(by: .milliseconds(300))
        #expect(restarted.model.state.isVerified)
        expectNoTimersLeft(screen.clock)
        expectNoTimersLeft(restarted.clock)
    }

    @Test("a saved code length out of 4...10 is refused as a corrupt file")
    func savedLengthChecked() throws {
        var saved = SavedCooldown(
            CooldownSnapshot(
                destination: Self.chinaMobile, cooldownLeft: .seconds(60), cooldownLength: .seconds(60),
                codeLeft: .seconds(300), codeLifetime: .seconds(300), sendAges: [.zero], codeLength: 8),
            wallNow: Date(timeIntervalSince1970: 1_000))
        #expect(try saved.snapshot(at: Date(timeIntervalSince1970: 1_010)).codeLength == 8)
        saved.codeLength = 11
        #expect(throws: SavedCooldownProblem.invalid("codeLength")) {
            try saved.snapshot(at: Date(timeIntervalSince1970: 1_010))
        }
    }
}
