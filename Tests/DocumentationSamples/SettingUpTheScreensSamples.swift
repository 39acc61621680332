import Foundation
import Hourglass
import PhoneNumbers
import SignUp
import SignUpHTTP
import Testing

// The samples of the SignUp article "Setting up the screens on your server", verbatim.

/// The sign-up screen's model, on `server`, in the system's language and region.
/// - Parameters:
///   - clock: the screen's clock: `DispatchClock(queue: .main)` in an app.
///   - folder: where the resend cooldown is kept across restarts (Application Support).
func makeSignUpModel(
    server: URL, clock: any TimerClock, folder: URL,
    onChange: @escaping @Sendable (RegistrationScreen) -> Void
) -> RegistrationViewModel {
    let config = VerificationConfig(language: SignUpLanguage.preferred(), region: PhoneRegion.current)
    let service = HTTPVerificationService(serverURL: server, language: config.language)
    return RegistrationViewModel(
        config: config, policy: PasswordPolicy(minimumLength: 10), clock: clock, service: service,
        store: FileCooldownStore(directory: folder), onChange: onChange)
}

@Test("the article's model: the account's flow through .verification, the form's fields on the model")
func settingUpTheScreensSample() async throws {
    // Nothing listens there: the send fails as a network error. The test waits for it: a
    // URLSession request still in flight when the model goes away is cancelled as it completes,
    // which swift-corelibs-foundation's URLSession can trap on (TaskRegistry: "a task that is not
    // in the registry"; seen twice in three runs of the suite).
    let server = URL(string: "http://127.0.0.1:9")!
    let clock = VirtualClock()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hourglass-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let typedCode = "123456"
    let typedPassword = "correct horse battery"
    let model = makeSignUpModel(server: server, clock: clock, folder: folder) { screen in
        // Redraw from `screen`: `screen.account` is the verification part.
    }
    model.verification.setDestination("+44 7400 123456")
    model.verification.tapSend()
    model.verification.setCode(typedCode)
    model.verification.tapVerify()
    model.setPassword(typedPassword)
    model.setConfirmation(typedPassword)
    model.toggleTerms()
    model.tapSubmit()
    clock.advance(by: .zero)
    // The refused connection's answer, within 10 s (a loopback refusal takes milliseconds).
    for _ in 0..<1_000 where model.verification.state.send != .failed(.network) {
        try await Task.sleep(for: .milliseconds(10))
        clock.advance(by: .zero)
    }
    #expect(model.verification.state.send == .failed(.network))
    let screen = model.screen
    #expect(screen.account.destination.text == "+44 7400 123456")
    #expect(screen.terms.isOn)
    #expect(screen.password.value.masked == "•••••••••••••••••••••")
    #expect(screen.confirmation.message == nil)
    // No proof yet: the submit button waits for the code step.
    #expect(!screen.submitButton.isEnabled)
}
