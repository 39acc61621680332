import Foundation
import Hourglass
import PhoneNumbers
import SignUp
import TestSupport
import Testing

extension SignUpLanguage {
    /// The languages whose texts the screen tests write out, `Localized` picking one: English and
    /// Simplified Chinese. Every built-in language's own texts are `BuiltInLanguagesTests`'.
    static let writtenInTests: [SignUpLanguage] = [.english, .simplifiedChinese]
}

/// Picks the expected text of the language under test.
struct Localized {
    let language: SignUpLanguage

    func callAsFunction(_ english: String, _ chinese: String) -> String {
        language == .english ? english : chinese
    }
}

/// A verification screen on a virtual clock with the scripted service (300 ms latency).
final class VerificationHarness: Sendable {
    let clock = VirtualClock()
    let wall: ManualWallClock
    let service: ScriptedVerificationService
    let store: any CooldownStore
    let announcements = Recorder<String>()
    /// What `onStoreProblem` was told, as the errors describe themselves.
    let storeProblems = Recorder<String>()
    /// The send button's title after every change.
    let sendTitles = Recorder<String>()
    let model: VerificationViewModel

    init(
        language: SignUpLanguage = .english, config: VerificationConfig? = nil,
        store: any CooldownStore = InMemoryCooldownStore(), wall: ManualWallClock = ManualWallClock(),
        settings: ScriptedServiceSettings = ScriptedServiceSettings(), region: PhoneRegion? = PhoneRegion("CN")
    ) {
        var config = config ?? VerificationConfig()
        config.language = language
        config.region = region
        self.wall = wall
        self.store = store
        service = ScriptedVerificationService(clock: clock, settings: settings)
        let (announcements, sendTitles, storeProblems) = (self.announcements, self.sendTitles, self.storeProblems)
        model = VerificationViewModel(
            config: config, clock: clock, service: service, store: store, wallClock: wall,
            onChange: { state in
                let title = VerificationScreen(state).sendButton.title
                if sendTitles.values.last != title { sendTitles.append(title) }
            },
            onAnnouncement: { announcements.append($0) }, onStoreProblem: { storeProblems.append("\($0)") })
    }

    var lines: [String] { model.screen.lines }

    /// Types a destination and gets a code: 300 ms later the cooldown runs.
    func sendCode(to destination: String = "138 1234 5678") {
        model.setDestination(destination)
        model.tapSend()
        clock.advance(by: .milliseconds(300))
    }

    /// The code the service last sent to the destination on screen.
    var sentCode: String {
        guard case .success(let destination) = model.state.destination else { return "" }
        return service.lastCode(sentTo: destination)?.revealed ?? ""
    }
}

/// Every test ends here: the screen's countdowns run out and nothing is left on the clock.
func expectNoTimersLeft(_ clock: VirtualClock, sourceLocation: SourceLocation = #_sourceLocation) {
    let result = clock.runUntilIdle()
    if case .stoppedAtFireLimit = result { Issue.record("\(result)", sourceLocation: sourceLocation) }
    #expect(clock.pendingTimers == [], sourceLocation: sourceLocation)
}

/// A registration screen on a virtual clock with the scripted service (300 ms latency).
final class RegistrationHarness: Sendable {
    let clock = VirtualClock()
    let service: ScriptedVerificationService
    let model: RegistrationViewModel
    /// How many times the screen reported a change.
    let changes = Recorder<RegistrationScreen>()

    init(language: SignUpLanguage = .english) {
        service = ScriptedVerificationService(clock: clock)
        let changes = self.changes
        model = RegistrationViewModel(
            config: VerificationConfig(language: language, region: PhoneRegion("CN")), clock: clock, service: service,
            wallClock: ManualWallClock(), onChange: { changes.append($0) })
    }

    var lines: [String] { model.screen.lines }

    /// Verifies `account` with the code the service sent.
    func verify(_ account: String = "new@example.com") {
        model.verification.setDestination(account)
        model.verification.tapSend()
        clock.advance(by: .milliseconds(300))
        guard case .success(let destination) = model.verification.state.destination,
            let code = service.lastCode(sentTo: destination)
        else { return }
        model.verification.setCode(code.revealed)
        clock.advance(by: .milliseconds(300))
    }
}
