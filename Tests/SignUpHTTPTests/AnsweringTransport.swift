import Foundation
import HTTPTypes
import Hourglass
import OpenAPIRuntime
import SignUp

/// A transport that answers every request with one fixed HTTP answer (or error), and keeps
/// what it was sent: the client's mapping is tested answer by answer, without a network.
/// (The reference server's own suite runs the client against the real server.)
final class AnsweringTransport: ClientTransport, Sendable {
    struct Answer: Sendable {
        var status: Int
        var headers: [String: String] = [:]
        var body: String?
        var contentType = "application/problem+json"
    }

    private let answer: Result<Answer, any Error>
    private let delay: Duration?
    private let sent = Locked<[(request: HTTPRequest, body: String)]>([])

    init(_ answer: Answer, after delay: Duration? = nil) {
        self.answer = .success(answer)
        self.delay = delay
    }

    init(failing error: any Error) {
        answer = .failure(error)
        delay = nil
    }

    /// Every request sent: its method and path, and its body.
    var requests: [(request: HTTPRequest, body: String)] { sent.withLock { $0 } }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var text = ""
        if let body { text = try await String(collecting: body, upTo: 1 << 16) }
        sent.withLock { $0.append((request, text)) }
        if let delay { try await Task.sleep(for: delay) }
        let answer = try answer.get()
        var fields = HTTPFields()
        for (name, value) in answer.headers { fields[HTTPField.Name(name)!] = value }
        if answer.body != nil { fields[.contentType] = answer.contentType }
        return (
            HTTPResponse(status: .init(code: answer.status), headerFields: fields), answer.body.map { HTTPBody($0) }
        )
    }
}
