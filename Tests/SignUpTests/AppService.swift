import SignUp
import TestSupport

/// The article's example service (`SignUp.docc/BindingAScreenInSwiftUI.md`), compiled here.
struct AppService: VerificationService {
    func requestCode(to destination: Destination) async throws -> CodeReceipt {
        // let (data, response) = try await URLSession.shared.data(for: request)
        CodeReceipt()
    }
    func verify(code: Secret, for destination: Destination) async throws -> VerificationProof {
        throw CodeCheckError.wrongCode(attemptsLeft: 4)
    }
    func register(_ request: RegistrationRequest) async throws {}
}
