import Foundation
import HourglassDispatch
import Logging
import SignUp
import SignUpHTTP
import Testing

// The sample of SignUpHTTP's catalog, verbatim: the model on a server, its failures logged.

@Test("the SignUpHTTP sample builds a model on a server whose failures reach the log")
func signUpHTTPSample() {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hourglass-\(UUID().uuidString)")
    let logger = Logger(label: "sample")
    let service = HTTPVerificationService(serverURL: URL(string: "https://api.example.com")!)
    let model = VerificationViewModel(
        clock: DispatchClock(queue: .main), service: service, store: FileCooldownStore(directory: folder),
        onServiceFailure: { failure in logger.warning("\(failure)") })
    #expect(model.screen.sendButton.isEnabled == false)
    #expect(service.timeout == .seconds(15))
}
