import Foundation
import HourglassDispatch
import SignUp
import Testing

// The SignUp sample of README.md, verbatim, with the app's own service and directory.
@Suite("Documentation samples: SignUp")
struct SignUpSamples {
    @Test("the README's view-model sample builds a model on the main queue's clock") @MainActor
    func readmeModel() throws {
        let myService = AnswersAtOnce()
        let appSupport = FileManager.default.temporaryDirectory.appendingPathComponent("hourglass-sample-\(UUID())")
        defer { try? FileManager.default.removeItem(at: appSupport) }

        let model = VerificationViewModel(
            config: VerificationConfig(cooldown: .seconds(60), language: .english),
            clock: DispatchClock(queue: .main),  // an app: every change on the main queue
            service: myService,  // your VerificationService
            store: FileCooldownStore(directory: appSupport))  // the cooldown survives a restart
        model.setDestination("+1 415 555 0100")
        model.tapSend()

        #expect(model.screen.destination.text == "+1 415-555-0100")
    }
}

/// An app's service, as simple as can be: every code is sent, no code is right.
struct AnswersAtOnce: VerificationService {
    func requestCode(to destination: Destination) async throws -> CodeReceipt {
        CodeReceipt()
    }

    func verify(code: Secret, for destination: Destination) async throws -> VerificationProof {
        throw CodeCheckError.wrongCode(attemptsLeft: 4)
    }

    func register(_ request: RegistrationRequest) async throws {
        throw RegistrationError.network
    }
}
