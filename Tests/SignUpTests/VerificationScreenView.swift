import Dispatch
import HourglassDispatch
import SignUp

/// Stands for a SwiftUI view: isolated to the main actor, it holds the model and reads what
/// it shows. No `@unchecked`, `nonisolated(unsafe)` or `MainActor.assumeIsolated` is needed.
@MainActor
final class VerificationScreenView {
    let model: VerificationViewModel

    init(service: any VerificationService) {
        // On the main queue's clock, every change of the model happens on the main thread.
        model = VerificationViewModel(
            config: VerificationConfig(language: .preferred()),
            clock: DispatchClock(queue: .main),
            service: service)
    }

    /// What `body` would read: each read is tracked by Observation.
    var sendButtonTitle: String { model.screen.sendButton.title }
    var canSend: Bool { model.screen.sendButton.isEnabled }
    var message: String? { model.screen.message }

    /// What the controls would call.
    func destinationEdited(_ text: String) { model.setDestination(text) }
    func sendTapped() { model.tapSend() }
}
