import Foundation
import Hourglass
import Logging
import SignUp
import Testing

@testable import SignUpHTTP

/// Each failed call is logged once, at `notice`, with no secret; a refusal once at `debug`.
@Suite struct LoggedOnceTests {
    /// A log handler that keeps each record's level and message.
    struct Recording: LogHandler {
        let records: Locked<[String]>
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            records.withLock { $0.append("\(event.level) \(event.message)") }
        }
    }

    private let phone = Destination.phone("+14155550100")

    private func service(_ transport: AnsweringTransport, records: Locked<[String]>) -> HTTPVerificationService {
        HTTPVerificationService(
            serverURL: URL(string: "http://127.0.0.1:9")!, transport: transport,
            logger: Logger(label: "test") { _ in Recording(records: records) })
    }

    @Test func aProxysPageIsOneNotice() async {
        let records = Locked<[String]>([])
        let page = service(
            AnsweringTransport(.init(status: 502, body: "<html>Bad gateway</html>", contentType: "text/html")),
            records: records)
        _ = try? await page.verify(code: Secret("987654"), for: phone)
        #expect(
            records.withLock { $0 }
                == ["notice checkCode for +1 415-•••-0100 failed, unexpected answer 502"])
    }

    @Test func noConnectionIsOneNoticeAndAWrongCodeOneDebug() async {
        let records = Locked<[String]>([])
        let offline = service(AnsweringTransport(failing: URLError(.notConnectedToInternet)), records: records)
        _ = try? await offline.requestCode(to: phone)
        let wrong = service(
            AnsweringTransport(
                .init(
                    status: 422,
                    body: #"{"type":"urn:hourglass:problem:wrong-code","title":"t","status":422,"attemptsLeft":4}"#)),
            records: records)
        _ = try? await wrong.verify(code: Secret("987654"), for: phone)
        let logged = records.withLock { $0 }
        #expect(logged.count == 2)
        #expect(logged.first?.hasPrefix("notice sendCode for +1 415-•••-0100 failed, no answer: ") == true)
        #expect(logged.last == "debug checkCode for +1 415-•••-0100 refused: wrongCode(attemptsLeft: 4)")
        #expect(!logged.joined().contains("987654"))
    }
}
