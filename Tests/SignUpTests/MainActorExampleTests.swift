import Dispatch
import Hourglass
import Observation
import SignUp
import TestSupport
import Testing

@Suite("Main actor: a view holds and reads the model")
struct MainActorExampleTests {
    @available(HourglassObservation, *)
    @MainActor
    @Test(
        "a main-actor view drives a flow; the reply from a global queue lands on the main thread",
        .timeLimit(.minutes(1)))
    func mainActorView() async {
        let view = VerificationScreenView(service: GlobalQueueService())
        let onMain = MainThreadCheck()
        trackChanges(of: view.model, onMain)
        view.destinationEdited("new@example.com")
        // On the main thread the input is applied at once: the view reads it back right away.
        #expect(view.canSend)
        view.sendTapped()
        #expect(view.sendButtonTitle == SignUpLanguage.preferred().strings.sending)
        while view.model.state.send == .sending { await Task.yield() }
        #expect(view.model.state.send == .sent)
        #expect(view.canSend == false)
        #expect(onMain.offMain == 0)
        #expect(onMain.onMain >= 2)
    }

    /// Records, for each Observation notification, whether it came on the main thread.
    @available(HourglassObservation, *)
    private func trackChanges(of model: VerificationViewModel, _ check: MainThreadCheck) {
        withObservationTracking {
            _ = model.state
        } onChange: { [weak model] in
            check.record()
            if let model { trackChanges(of: model, check) }
        }
    }
}

/// Counts calls made on the main queue (the main thread) and off it.
final class MainThreadCheck: Sendable {
    private let key = DispatchSpecificKey<Int>()
    private let counts = Locked<(on: Int, off: Int)>((0, 0))

    init() { DispatchQueue.main.setSpecific(key: key, value: 1) }

    func record() {
        let on = DispatchQueue.getSpecific(key: key) == 1
        counts.withLock { counts in
            if on { counts.on += 1 } else { counts.off += 1 }
        }
    }

    var onMain: Int { counts.withLock { $0.on } }
    var offMain: Int { counts.withLock { $0.off } }
}
